/**
 * Texts both the API answers and the web app's forms and hints show (a whole number, a password of
 * spaces, one's own account; the EVR fields' names, which reports head their columns with): part of the message catalogue (messages.ts spreads them in), kept in
 * a module of their own so that the web app reads them from here without loading the catalogue,
 * and its translation files hold no copy of them.
 */
import type { Locale } from './limits.ts';

export const SHARED_TEXTS = {
  en: {
    'field.type.integer': 'Enter a whole number.',
    'password.blank': 'The password cannot be only spaces.',
    'password.repeated': 'The password cannot be one character repeated.',
    'user.ownStaff': 'You cannot change your own staff status.',
    'user.ownActive': 'You cannot deactivate your own account.',
    'user.ownDelete': 'You cannot delete your own account.',
    'report.column.driverIdCode': "Driver's personal ID code",
    'report.column.contractNumber': 'Contract or act number',
    'report.column.forestNotificationNumber': 'Forest notification number',
    'report.column.eudrReferenceNumber': 'EUDR reference number',
    'report.column.eudrVerificationNumber': 'EUDR verification number',
  },
  et: {
    'field.type.integer': 'Sisesta täisarv.',
    'password.blank': 'Parool ei saa koosneda ainult tühikutest.',
    'password.repeated': 'Parool ei saa olla üks ja sama märk korduvalt.',
    'user.ownStaff': 'Sa ei saa muuta enda töötajaõigusi.',
    'user.ownActive': 'Sa ei saa enda kontot deaktiveerida.',
    'user.ownDelete': 'Sa ei saa enda kontot kustutada.',
    'report.column.driverIdCode': 'Juhi isikukood',
    'report.column.contractNumber': 'Lepingu või akti number',
    'report.column.forestNotificationNumber': 'Metsateatise number',
    'report.column.eudrReferenceNumber': 'EUDR viitenumber',
    'report.column.eudrVerificationNumber': 'EUDR kontrollnumber',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type SharedTextKey = keyof (typeof SHARED_TEXTS)['en'];

/** A shared text in `locale`. */
export const sharedText = (locale: Locale, key: SharedTextKey): string => SHARED_TEXTS[locale][key];
