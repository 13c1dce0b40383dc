import { describe, expect, it } from 'vitest';
import { loginMessage, readCredentials } from './login-credentials.ts';

describe('readCredentials', () => {
  it('gives the credentials, the username trimmed', () => {
    expect(readCredentials({ username: ' admin ', password: ' secret ' })).toEqual({
      credentials: { username: 'admin', password: ' secret ' },
    });
  });

  it('gives the first message of each field that is wrong', () => {
    const result = readCredentials({ username: '  ', password: null });
    expect(result).toEqual({ errors: { username: expect.any(String), password: expect.any(String) } });
  });

  it('checks only the field that is wrong', () => {
    expect(readCredentials({ username: 'admin', password: '' })).toEqual({ errors: { password: expect.any(String) } });
  });
});

describe('loginMessage', () => {
  it('shows the username’s message first, then the password’s, then the server’s', () => {
    expect(loginMessage({ username: 'U', password: 'P' }, 'S')).toBe('U');
    expect(loginMessage({ password: 'P' }, 'S')).toBe('P');
    expect(loginMessage({}, 'S')).toBe('S');
    expect(loginMessage({}, null)).toBeNull();
  });
});
