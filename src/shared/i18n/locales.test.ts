import { browserLocale, DEFAULT_LOCALE } from './locales';

describe("a first visit's language", () => {
  it("follows the browser's first language we have, by its language part", () => {
    expect(browserLocale(['et-EE', 'en-US'])).toBe('et');
    expect(browserLocale(['de-DE', 'ET', 'en'])).toBe('et');
    expect(browserLocale(['en-GB', 'et'])).toBe('en');
  });

  it('is the default when the browser names none we have, or nothing', () => {
    expect(browserLocale(['de-DE', 'fi'])).toBe(DEFAULT_LOCALE);
    expect(browserLocale([])).toBe(DEFAULT_LOCALE);
    expect(browserLocale(undefined)).toBe(DEFAULT_LOCALE);
  });
});
