import { LOCALES, type Locale } from '@timberlog/contract';

// The server's texts (server/src/shared/i18n.ts) for the answers the mocks give; the parity test
// compares the mocks' error bodies with the server's, so a text changed on one side fails it.
const en = {
  'field.required': 'This field is required.',
  'field.type.integer': 'Enter a whole number.',
  'field.type.boolean': 'Enter true or false.',
  'field.enum': '"{value}" is not a valid choice. Choose one of: {choices}.',
  'field.maxLength': 'Ensure this field has no more than {limit} characters.',
  'field.blank': 'This field may not be blank.',
  'field.minimum': 'Ensure this value is greater than or equal to {limit}.',
  'field.maximum': 'Ensure this value is less than or equal to {limit}.',
  'field.maxItems': 'Ensure this list has no more than {limit} items.',
  'field.format.date': 'Enter a valid date in the format YYYY-MM-DD.',
  'field.format.date-time': 'Enter a valid date and time (ISO 8601).',
  'field.positive': 'Ensure this value is greater than 0.',
  'field.unknownSort': 'Unknown sort field "{value}". Allowed: {choices}.',
  'page.invalid': 'Invalid page.',
  notFound: 'Not found.',
  'auth.permissionDenied': 'You do not have permission to perform this action.',
  'ref.unknownOrigin': 'No warehouse has origin code "{value}".',
  'ref.unknownDestination': 'No warehouse has destination code "{value}".',
  'ref.unknownCompany': 'No company has registry code "{value}".',
  'ref.unknownAssortment': 'No assortment has code "{value}".',
  'ref.inactiveAssortment': 'Assortment "{value}" is not active.',
  'ref.unknownWarehouse': 'No warehouse has id {value}.',
  'ref.unknownWaybill': 'No waybill has number "{value}".',
  'waybill.numberTaken': 'A waybill with this number already exists.',
  'waybill.transition': 'A waybill cannot go from "{from}" to "{to}".',
  'waybill.notEditable': 'A waybill in status "{status}" cannot be edited.',
  'waybill.notDeletable': 'Only draft waybills can be deleted; this one is "{status}".',
  'invoice.noWaybills': 'Choose at least one waybill.',
  'invoice.notDelivered': 'Only delivered waybills can be invoiced; not delivered: {list}.',
  'invoice.alreadyInvoiced': 'Already invoiced: {list}.',
  'invoice.mixedCustomers': 'All waybills must have the same destination company; found: {list}.',
  'invoice.notCustomer': 'Company "{value}" is not an invoice customer.',
  'invoice.unknownWaybills': 'Unknown waybills: {list}.',
  'invoice.retryNotFailed': 'Only invoices whose sync failed can be retried; this one is "{status}".',
  'invoice.dueBeforeIssue': 'The due date must not be before the issue date.',
  'export.noFile': 'This export has no file.',
  'field.format.email': 'Enter a valid email address.',
  'password.tooShort': 'This password is too short. It must contain at least {limit} characters.',
  'password.tooLong': 'This password is too long. It must contain at most {limit} characters.',
  'password.numeric': 'This password is entirely numeric.',
  'password.blank': 'The password cannot be only spaces.',
  'password.repeated': 'The password cannot be one character repeated.',
  'password.sameAsEmail': 'The password is too similar to the email address.',
  'reset.tokenInvalid': 'This link is invalid, already used or expired. Ask for a new one.',
  'user.emailTaken': 'A user with this email already exists.',
  'user.ownStaff': 'You cannot change your own staff status.',
  'user.ownActive': 'You cannot deactivate your own account.',
  'user.ownDelete': 'You cannot delete your own account.',
  'user.emailImmutable': 'The email address cannot be changed.',
  'auth.noActiveAccount': 'No active account found with the given credentials',
} as const;

export type MessageKey = keyof typeof en;

const et: Record<MessageKey, string> = {
  'field.required': 'See väli on kohustuslik.',
  'field.type.integer': 'Sisesta täisarv.',
  'field.type.boolean': 'Sisesta tõene või väär.',
  'field.enum': '"{value}" ei ole lubatud valik. Vali üks järgmistest: {choices}.',
  'field.maxLength': 'Selles väljas võib olla kuni {limit} märki.',
  'field.blank': 'See väli ei tohi olla tühi.',
  'field.minimum': 'Väärtus peab olema vähemalt {limit}.',
  'field.maximum': 'Väärtus võib olla kuni {limit}.',
  'field.maxItems': 'Loendis võib olla kuni {limit} elementi.',
  'field.format.date': 'Sisesta kuupäev kujul AAAA-KK-PP.',
  'field.format.date-time': 'Sisesta korrektne kuupäev ja kellaaeg (ISO 8601).',
  'field.positive': 'Väärtus peab olema suurem kui 0.',
  'field.unknownSort': 'Tundmatu sorteerimisväli "{value}". Lubatud: {choices}.',
  'page.invalid': 'Vigane lehekülg.',
  notFound: 'Ei leitud.',
  'auth.permissionDenied': 'Sul ei ole selle toimingu tegemiseks õigust.',
  'ref.unknownOrigin': 'Lähtekoodiga "{value}" ladu ei ole.',
  'ref.unknownDestination': 'Sihtkoodiga "{value}" ladu ei ole.',
  'ref.unknownCompany': 'Registrikoodiga "{value}" ettevõtet ei ole.',
  'ref.unknownAssortment': 'Koodiga "{value}" sortimenti ei ole.',
  'ref.inactiveAssortment': 'Sortiment "{value}" ei ole aktiivne.',
  'ref.unknownWarehouse': 'Ladu ID-ga {value} ei ole.',
  'ref.unknownWaybill': 'Numbriga "{value}" veoselehte ei ole.',
  'waybill.numberTaken': 'Selle numbriga veoseleht on juba olemas.',
  'waybill.transition': 'Veoselehte ei saa viia olekust "{from}" olekusse "{to}".',
  'waybill.notEditable': 'Olekus "{status}" veoselehte ei saa muuta.',
  'waybill.notDeletable': 'Kustutada saab ainult mustandeid; selle veoselehe olek on "{status}".',
  'invoice.noWaybills': 'Vali vähemalt üks veoseleht.',
  'invoice.notDelivered': 'Arveldada saab ainult kohale toimetatud veoselehti; kohale toimetamata: {list}.',
  'invoice.alreadyInvoiced': 'Juba arveldatud: {list}.',
  'invoice.mixedCustomers': 'Kõigil veoselehtedel peab olema sama saaja ettevõte; leitud: {list}.',
  'invoice.notCustomer': 'Ettevõte "{value}" ei ole arveklient.',
  'invoice.unknownWaybills': 'Tundmatud veoselehed: {list}.',
  'invoice.retryNotFailed': 'Uuesti saab saata ainult arveid, mille sünkroonimine ebaõnnestus; selle arve olek on "{status}".',
  'invoice.dueBeforeIssue': 'Maksetähtaeg ei tohi olla enne arve kuupäeva.',
  'export.noFile': 'Sellel ekspordil ei ole faili.',
  'field.format.email': 'Sisesta korrektne e-posti aadress.',
  'password.tooShort': 'See parool on liiga lühike. Selles peab olema vähemalt {limit} märki.',
  'password.tooLong': 'See parool on liiga pikk. Selles võib olla kuni {limit} märki.',
  'password.numeric': 'See parool koosneb ainult numbritest.',
  'password.blank': 'Parool ei saa koosneda ainult tühikutest.',
  'password.repeated': 'Parool ei saa olla üks ja sama märk korduvalt.',
  'password.sameAsEmail': 'Parool on e-posti aadressiga liiga sarnane.',
  'reset.tokenInvalid': 'See link on vigane, juba kasutatud või aegunud. Küsi uus link.',
  'user.emailTaken': 'Selle e-posti aadressiga kasutaja on juba olemas.',
  'user.ownStaff': 'Sa ei saa muuta enda töötajaõigusi.',
  'user.ownActive': 'Sa ei saa enda kontot deaktiveerida.',
  'user.ownDelete': 'Sa ei saa enda kontot kustutada.',
  'user.emailImmutable': 'E-posti aadressi ei saa muuta.',
  'auth.noActiveAccount': 'Nende andmetega aktiivset kontot ei leitud.',
};

const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, et };

export type Params = Readonly<Record<string, string | number>>;

/** A message as the server words it, in `et` or `en` by the request's Accept-Language (quality values respected). */
export function message(request: Request, key: MessageKey, params: Params = {}): string {
  return MESSAGES[requestLocale(request)][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export function requestLocale(request: Request): Locale {
  const ranked = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((item) => item.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = LOCALES.find((item) => tag.startsWith(item));
    if (locale) return locale;
  }
  return 'en';
}
