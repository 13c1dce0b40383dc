/** The browser's local or session storage, or undefined where it is blocked (some privacy modes throw on access). */
export function browserStorage(area: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | undefined {
  try {
    return window[area];
  } catch {
    return undefined;
  }
}
