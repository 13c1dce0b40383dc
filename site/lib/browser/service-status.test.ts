import { describe, expect, it } from 'vitest';
import { ServiceStatusSchema } from 'content-schema/status';
import { fetchStatus, footerStatusText, readStatus } from './service-status.ts';

const at = '2026-05-01T10:00:00.000Z';
const service = (name: string, status: string) => ({
  name,
  status,
  responseTime: 12,
  uptime: 99.9,
  lastUpdated: at,
  detail: 'Answering normally',
});

describe('readStatus', () => {
  it('reads the services and the overall state', () => {
    const reading = readStatus({
      checkedAt: at,
      services: [service('API Services', 'operational'), service('Database', 'degraded')],
    });
    expect(reading).toMatchObject({ kind: 'ok', overall: 'degraded', checkedAt: at });
  });

  it.each([
    ['nothing', null],
    ['an error body', { error: 'Internal' }],
    ['no services', { services: [] }],
    ['a malformed service', { services: [{ name: 'API Services', status: 'operational' }] }],
  ])('reads %s as unavailable', (_name, body) => {
    expect(readStatus(body)).toEqual({ kind: 'unavailable' });
  });

  // The site checks the answer by hand (no zod on readers' pages): it must accept exactly what the contract does.
  it.each([
    ['a valid service', service('Database', 'operational')],
    ['an unknown service name', service('Cache', 'operational')],
    ['an unknown state', service('Database', 'fine')],
    ['no detail', { ...service('Database', 'degraded'), detail: undefined }],
    ['a text response time', { ...service('Database', 'degraded'), responseTime: '12' }],
    ['no lastUpdated', { ...service('Database', 'degraded'), lastUpdated: undefined }],
  ])('agrees with the contract on %s', (_name, value) => {
    const reading = readStatus({ checkedAt: at, services: [value] });
    expect(reading.kind === 'ok').toBe(ServiceStatusSchema.safeParse(value).success);
  });
});

describe('fetchStatus', () => {
  it('is unavailable when the API answers an error or cannot be reached', async () => {
    const failing = (async () => new Response('Bad Gateway', { status: 502 })) as typeof fetch;
    expect(await fetchStatus(failing)).toEqual({ kind: 'unavailable' });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await fetchStatus(offline)).toEqual({ kind: 'unavailable' });
  });

  it('reads a healthy answer', async () => {
    const ok = (async () =>
      Response.json({ checkedAt: at, services: [service('Website', 'operational')] })) as typeof fetch;
    const reading = await fetchStatus(ok);
    expect(footerStatusText(reading)).toBe('All systems operational');
  });
});

describe('footerStatusText', () => {
  it.each([
    [[service('Website', 'operational')], 'All systems operational'],
    [[service('Website', 'degraded')], 'Some services degraded'],
    [[service('Website', 'outage')], 'Service disruption'],
  ])('says what the services report', (services, text) => {
    expect(footerStatusText(readStatus({ checkedAt: at, services }))).toBe(text);
  });

  it('says so when the status cannot be read', () => {
    expect(footerStatusText({ kind: 'unavailable' })).toBe('Service status unavailable');
  });
});
