/** EVR answers errors in the language the caller asks for with `EVR-LANGUAGE` (et or en). */
export type Language = 'et' | 'en';

// Estonian first: EVR is an Estonian register and answers in Estonian when no language is asked for.
export const DEFAULT_LANGUAGE: Language = 'et';

export function languageOf(header: string | string[] | undefined): Language {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return value === 'en' ? 'en' : value === 'et' ? 'et' : DEFAULT_LANGUAGE;
}

type Text = Record<Language, string>;
type Params = Record<string, string | number>;

const texts = {
  // Field errors (ValidationResult)
  required: { en: 'The field is required.', et: 'Väli on kohustuslik.' },
  notString: { en: 'The value must be text.', et: 'Väärtus peab olema tekst.' },
  notNumber: { en: 'The value must be a number.', et: 'Väärtus peab olema number.' },
  notInteger: { en: 'The value must be a whole number.', et: 'Väärtus peab olema täisarv.' },
  notObject: { en: 'The value must be an object.', et: 'Väärtus peab olema objekt.' },
  notArray: { en: 'The value must be a list.', et: 'Väärtus peab olema loend.' },
  notBoolean: { en: 'The value must be true or false.', et: 'Väärtus peab olema true või false.' },
  notDateTime: { en: 'The value must be a date and time (ISO 8601).', et: 'Väärtus peab olema kuupäev ja kellaaeg (ISO 8601).' },
  maxLength: { en: 'At most {max} characters are allowed.', et: 'Lubatud on kuni {max} märki.' },
  minLength: { en: 'At least {min} characters are required.', et: 'Nõutud on vähemalt {min} märki.' },
  exactLength: { en: 'Exactly {length} characters are required.', et: 'Nõutud on täpselt {length} märki.' },
  range: { en: 'The value must be between {min} and {max}.', et: 'Väärtus peab olema vahemikus {min} kuni {max}.' },
  tooFew: { en: 'The list needs at least {min} entries.', et: 'Loendis peab olema vähemalt {min} kirjet.' },
  tooMany: { en: 'The list may have at most {max} entries.', et: 'Loendis võib olla kuni {max} kirjet.' },
  oneOf: { en: 'The value must be one of: {values}.', et: 'Väärtus peab olema üks järgmistest: {values}.' },
  idCode: {
    en: 'Not a valid Estonian personal identification code.',
    et: 'Ei ole korrektne Eesti isikukood.',
  },
  cadaster: {
    en: 'Not a valid cadastral number (format NNNNN:NNN:NNNN).',
    et: 'Ei ole korrektne katastritunnus (vorming NNNNN:NNN:NNNN).',
  },
  unknownAssortment: { en: 'Unknown assortment code {code}.', et: 'Tundmatu sortimendi kood {code}.' },
  unknownProductGroup: { en: 'Unknown product group {group}.', et: 'Tundmatu tootegrupp {group}.' },
  productGroupMismatch: {
    en: 'Assortment {code} belongs to product group {group}.',
    et: 'Sortiment {code} kuulub tootegruppi {group}.',
  },
  unknownUnit: { en: 'Unknown measurement unit code {code}.', et: 'Tundmatu mõõtühiku kood {code}.' },
  unknownCertificate: { en: 'Unknown certificate claim code {code}.', et: 'Tundmatu sertifikaadi väite kood {code}.' },
  unknownPlaceOfDelivery: { en: 'Unknown place of delivery code {code}.', et: 'Tundmatu tarnekoha kood {code}.' },
  placeNotReceivers: {
    en: 'The place of delivery {code} does not belong to the receiver.',
    et: 'Tarnekoht {code} ei kuulu saajale.',
  },
  tooManyShipmentsInTotal: {
    en: 'A waybill holds at most {max} shipments; it has {count} already.',
    et: 'Veoselehel võib olla kuni {max} veost; sellel on juba {count}.',
  },
  windowTooLong: {
    en: "When both '{after}' and '{before}' are given, they must be at most one month apart.",
    et: "Kui '{after}' ja '{before}' on mõlemad määratud, peab nende vahe jääma 1 kuu piiresse.",
  },
  invalidRequestBody: { en: 'The request body is not valid JSON.', et: 'Päringu sisu ei ole korrektne JSON.' },

  // Problems (ProblemDetails titles and details)
  validationTitle: { en: 'One or more validation errors occurred.', et: 'Esines üks või mitu valideerimisviga.' },
  unauthorizedTitle: { en: 'Unauthorized', et: 'Autentimata' },
  unauthorizedDetail: {
    en: 'A valid API key is required in the EVR-APIKEY header.',
    et: 'Päises EVR-APIKEY peab olema kehtiv API võti.',
  },
  notFoundTitle: { en: 'Not Found', et: 'Ei leitud' },
  waybillNotFound: { en: 'Waybill {number} was not found.', et: 'Veoselehte {number} ei leitud.' },
  placeNotFound: { en: 'Place of delivery {code} was not found.', et: 'Tarnekohta {code} ei leitud.' },
  routeNotFound: { en: 'No such resource.', et: 'Sellist ressurssi ei ole.' },
  forbiddenTitle: { en: 'Forbidden', et: 'Keelatud' },
  notOwnerOrTransporter: {
    en: 'The organisation starting the waybill must be its owner or its transporter.',
    et: 'Veo alustaja peab olema veoselehele märgitud omanikuks või vedajaks.',
  },
  mayNot: {
    en: 'Your organisation may not {action} this waybill.',
    et: 'Teie asutus ei tohi seda veoselehte {action}.',
  },
  wrongStatusTitle: { en: 'Bad Request', et: 'Vigane päring' },
  wrongStatus: {
    en: 'The waybill is {status}; you can {action} it only while it is {allowed}.',
    et: 'Veoseleht on staatuses {status}; {action} saab ainult staatuses {allowed}.',
  },
  faultTitle: { en: 'Service Unavailable', et: 'Teenus ei ole kättesaadav' },
  faultDetail: { en: 'Injected fault.', et: 'Tekitatud tõrge.' },
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof texts;

/** What a party may do to a waybill, phrased for `mayNot`/`wrongStatus`. */
const actions = {
  unload: { en: 'unload', et: 'maha laadida' },
  finish: { en: 'finish', et: 'lõpetada' },
  cancel: { en: 'cancel', et: 'tühistada' },
  addShipments: { en: 'add shipments to', et: 'veoseid lisada' },
  addNote: { en: 'add notes to', et: 'märkusi lisada' },
  measure: { en: 'add measurements to', et: 'mõõtmisandmeid lisada' },
} satisfies Record<string, Text>;

export type ActionKey = keyof typeof actions;

export function message(lang: Language, key: MessageKey, params: Params = {}): string {
  return texts[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export function action(lang: Language, key: ActionKey): string {
  return actions[key][lang];
}

/** Both languages' key sets, for the test that they match. */
export const messageKeys = Object.keys(texts) as MessageKey[];
export const messageTexts: Record<string, Text> = { ...texts, ...actions };
