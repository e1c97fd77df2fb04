/**
 * The message catalogue: the en and et texts of every error and validation message the API answers,
 * the words its reports use (sheet names, column headings, status and action labels) and its mails.
 * The server translates its answers with it and the mocks word theirs with it, so a text is written
 * once. `{name}` marks a placeholder. The web app's own screen texts are i18next resources in
 * public/locales, not here.
 */
import type { InvoiceStatus, Locale, WaybillStatus, WorklogAction } from './limits.ts';
import { SHARED_TEXTS } from './shared-texts.ts';
import { VALUE_LABELS } from './value-labels.ts';

const en = {
  ...VALUE_LABELS.en,
  ...SHARED_TEXTS.en,
  'field.required': 'This field is required.',
  'field.type.string': 'Enter a text value.',
  'field.type.number': 'Enter a number.',
  'field.type.boolean': 'Enter true or false.',
  'field.type.array': 'Enter a list of values.',
  'field.type.object': 'Enter an object.',
  'field.invalid': 'Enter a valid value.',
  'field.enum': '"{value}" is not a valid choice. Choose one of: {choices}.',
  'field.maxLength': 'Ensure this field has no more than {limit} characters.',
  'field.minLength': 'Ensure this field has at least {limit} characters.',
  'field.blank': 'This field may not be blank.',
  'field.minimum': 'Ensure this value is greater than or equal to {limit}.',
  'field.maximum': 'Ensure this value is less than or equal to {limit}.',
  'field.minItems': 'Ensure this list has at least {limit} items.',
  'field.maxItems': 'Ensure this list has no more than {limit} items.',
  'field.format.date': 'Enter a valid date in the format YYYY-MM-DD.',
  'field.dateRange': 'Enter a date in the years {min} to {max}.',
  'field.format.date-time': 'Enter a valid date and time (ISO 8601).',
  'field.format.email': 'Enter a valid email address.',
  'field.format.uuid': 'Enter a valid UUID.',
  'field.pattern.decimal': 'Enter a number with at most {decimals} decimal places.',
  'field.decimal.digits': 'Enter a number with at most {digits} digits before the decimal point.',
  'field.pattern': 'Enter a value in the correct format.',
  'field.unknownSort': 'Unknown sort field "{value}". Allowed: {choices}.',
  'field.positive': 'Ensure this value is greater than 0.',
  'field.rangeOrder': 'The end of the range must not be before its start.',
  'field.nullChar': 'Null characters are not allowed.',
  'field.controlChar': 'Control characters are not allowed (only tab and line breaks).',
  'field.bidiControl': 'Text direction override characters are not allowed.',
  'db.conflict': 'This conflicts with data saved meanwhile. Reload and try again.',
  'db.invalid': 'A value is outside what can be stored.',
  'db.busy': 'Many changes are being saved at once. Nothing was changed; try again in a moment.',
  'record.changed': '{name} changed this record at {time}, after you opened it. Nothing was saved: compare their changes with yours.',
  'record.versionRequired':
    'Send the version of the record you read in If-Match (its ETag, as `If-Match: "7"`): a change must name the version it is made over. Nothing was changed.',
  'waybill.reasonRequired': 'Say why the waybill goes back to {to}: the reason is kept in its history.',
  'record.changedBySystem':
    'The system changed this record at {time}, after you opened it. Nothing was saved: compare its changes with yours.',
  'json.invalid':
    'JSON parse error - the body is not valid JSON, or holds a "__proto__" or "constructor.prototype" key, which are not allowed.',
  'json.empty': 'JSON parse error - the request body is empty.',
  'url.invalid': 'The address is not a valid URL.',
  'media.unsupported': 'Unsupported media type "{type}" in request.',
  'page.invalid': 'Invalid page.',
  notFound: 'Not found.',
  methodNotAllowed: 'Method "{method}" not allowed.',
  'auth.notAuthenticated': 'Authentication credentials were not provided.',
  'auth.tokenInvalid': 'Given token not valid for any token type',
  'auth.refreshInvalid': 'Token is invalid or expired',
  'auth.noActiveAccount': 'No active account found with the given credentials',
  'auth.permissionDenied': 'You do not have permission to perform this action.',
  'auth.rateLimited': 'Too many attempts. Try again in {seconds} seconds.',
  'auth.userInactive': 'User is inactive',
  'password.tooShort': 'This password is too short. It must contain at least {limit} characters.',
  'password.tooLong': 'This password is too long. It must contain at most {limit} characters.',
  'password.numeric': 'This password is entirely numeric.',
  'password.sameAsEmail': 'The password is too similar to the email address.',
  'password.currentRequired': 'Enter your current password to set a new one.',
  'password.common': 'This password is too common or too easy to guess. Use a few unrelated words, or mix words with digits and symbols.',
  'password.published': "This password is published with the product's demo accounts: anyone could try it. Choose another.",
  'password.currentWrong': 'The current password is not correct.',
  'reset.tokenInvalid': 'This link is invalid, already used or expired. Ask for a new one.',
  'user.emailTaken': 'A user with this email already exists.',
  'user.emailImmutable': 'The email address cannot be changed.',
  'ref.unknownOrigin': 'No warehouse has origin code "{value}".',
  'ref.unknownDestination': 'No warehouse has destination code "{value}".',
  'ref.unknownCompany': 'No company has registry code "{value}".',
  'ref.unknownAssortment': 'No assortment has code "{value}".',
  'ref.inactiveAssortment': 'Assortment "{value}" is not active.',
  'ref.unknownWarehouse': 'No warehouse has id {value}.',
  'ref.unknownWaybill': 'No waybill has number "{value}".',
  'ref.unknownAssortmentType': 'No assortment type has id {value}.',
  'waybill.numberTaken': 'A waybill with this number already exists.',
  'waybill.transition': 'A waybill cannot go from "{from}" to "{to}".',
  'waybill.notEditable': 'A waybill in status "{status}" cannot be edited.',
  'waybill.notDeletable': 'Only draft waybills can be deleted; this one is "{status}".',
  'waybill.quantityOverLoad': 'One load is at most {limit} {unit}: check the quantity.',
  'invoice.noWaybills': 'Choose at least one waybill.',
  'invoice.notDelivered': 'Only delivered waybills can be invoiced; not delivered: {list}.',
  'invoice.alreadyInvoiced': 'Already invoiced: {list}.',
  'invoice.mixedCustomers': 'All waybills must have the same destination company; found: {list}.',
  'invoice.notCustomer': 'Company "{value}" is not an invoice customer.',
  'invoice.unknownWaybills': 'Unknown waybills: {list}.',
  'invoice.retryNotFailed': 'Only invoices whose sync failed can be retried; this one is "{status}".',
  'invoice.issueInFuture': 'The issue date must not be in the future.',
  'invoice.dueBeforeIssue': 'The due date must not be before the issue date.',
  'invoice.sellerMissing': "Invoices cannot be made until the seller's details are set on the server ({settings}): tell the administrator.",
  'invoice.customerNoEmail': 'The customer {name} has no email address: add it to the company first.',
  'invoice.alreadySent': 'This invoice was already sent to {to} ({time}). Confirm to send it again.',
  'invoice.sendInProgress': 'This invoice is being sent right now. Wait a moment and look at its history.',
  'invoice.sendFailed': 'The invoice could not be sent: the mail server did not take it. Try again later.',
  'export.noFile': 'This export has no file.',
  'export.tooMany': 'You already have {limit} exports in progress. Wait for one to finish, then try again.',
  'export.linkInvalid': 'The download link is invalid or has expired.',
  'export.failed': 'The report could not be created. Try again; if it fails again, tell the support team.',
  'export.tooManyRows': 'The report has {count} rows, more than an XLSX sheet holds ({limit}). Narrow the filters, or choose CSV.',
  'query.unknownParam': 'This list takes no parameter "{name}" (given "{value}").',
  'query.invalidValue': '"{value}" is not a value "{name}" takes in this list.',
  'savedView.columnTwice': 'Column "{value}" is chosen twice.',
  'savedView.nameTaken': 'You already have a view of this list with this name.',
  'savedView.tooMany': 'You already have {limit} views of this list. Delete one first.',
  'bulk.tooMany': 'One bulk action takes at most {limit} waybills; these are {count}. Narrow the filters.',
  'bulk.noRows': 'Choose the waybills: their rows (number and version) or the list filters.',
  'bulk.numbersOrFilters': 'Give the rows or the filters, not both.',
  'bulk.versionsRequired':
    'Give each waybill with the version you read (`rows`: `number` and `version`), so that one changed since is left alone. Nothing was changed.',
  'bulk.failed': 'The bulk action stopped before its end: the rows it reached were changed, the others not. Try again for the rest.',
  'bulk.undoRows': 'An undo takes the rows it takes back, each with the status it goes back to, not the list filters.',
  'bulk.rowStatusUndoOnly': 'Only an undo takes a status with each row.',
  'import.empty': 'The file holds no rows under its heading row.',
  'import.unreadable': 'The file cannot be read as CSV (UTF-8) or XLSX.',
  'import.tooLarge': 'The file is larger than {limit} MB.',
  'import.tooManyRows': 'The file has {count} rows, more than one import takes ({limit}). Split it.',
  'import.xlsxUnpacksTooLarge': 'The XLSX file unpacks to more than {limit} MB. Save it again without what is not needed, or split it.',
  'import.xlsxTooManyRows': 'The XLSX file has more than {limit} rows; one import takes {rows}. Split it.',
  'import.xlsxTooManyCells': 'The XLSX file has more than {limit} cells. Remove the columns not needed, or split it.',
  'import.xlsxCellTooLong': 'A cell of the XLSX file holds more than {limit} characters, more than Excel itself allows.',
  'import.missingColumn': 'The file has no column "{column}" (the heading row names the columns, in English or Estonian).',
  'import.formula': 'A formula is not taken: enter its value.',
  'import.date': 'Enter a date, as 23.11.2026 or 2026-11-23.',
  'import.noSuchDate': 'There is no such date: {value}.',
  'import.dateTime': 'Enter a date and time, as 2026-11-23 08:15 or 23.11.2026 08:15.',
  'import.unknownWarehouseName': 'No warehouse is named "{value}".',
  'import.ambiguousWarehouseName': 'Several warehouses are named "{value}": give its id instead.',
  'import.failed': 'The import could not be finished; nothing was saved. Try again; if it fails again, tell the support team.',
  'import.columns.unknown': 'No field is named "{value}": each entry of columns is one of {choices}, or empty to read the column past.',
  'import.columns.twice': 'The field "{value}" is given to two columns: give each field to one column.',
  'import.columns.tooMany': 'The file has {count} columns, and columns names fields for more: leave the entries past them empty.',
  'report.waybills.sheet': 'Waybills',
  'report.worklogs.sheet': 'Worklogs',
  'report.column.number': 'Number',
  'report.column.status': 'Status',
  'report.column.transportDate': 'Transport date',
  'report.column.origin': 'Origin',
  'report.column.originName': 'Origin name',
  'report.column.destination': 'Destination',
  'report.column.destinationName': 'Destination name',
  'report.column.destinationCompany': 'Destination company',
  'report.column.destinationCompanyName': 'Destination company name',
  'report.column.driverName': 'Driver',
  'report.column.vehicleNumber': 'Vehicle',
  'report.column.mileage': 'Mileage (km)',
  'report.column.assortment': 'Assortment',
  'report.column.assortmentName': 'Assortment name',
  'report.column.quantity': 'Quantity',
  'report.column.unit': 'Unit',
  'report.column.invoice': 'Invoice',
  'report.column.notes': 'Notes',
  'report.column.createdAt': 'Created at',
  'report.column.timestamp': 'Time',
  'report.column.action': 'Action',
  'report.column.warehouseName': 'Warehouse',
  'report.column.warehouseCompany': 'Warehouse company',
  'report.column.warehouseCompanyName': 'Warehouse company name',
  'report.column.workerName': 'Worker',
  'report.column.waybill': 'Waybill',
  'report.column.durationMinutes': 'Duration (min)',
  'admin.referenced': 'Cannot delete: referred to by {list}.',
  'admin.exists': 'A record with this key already exists.',
  'admin.originTaken': 'Another warehouse already uses this origin code.',
  'admin.destinationTaken': 'Another warehouse already uses this destination code.',
  'admin.count.assortments': '{count} assortments',
  'admin.count.waybills': '{count} waybills',
  'admin.count.worklogs': '{count} worklogs',
  'admin.count.warehouses': '{count} warehouses',
  'admin.count.invoices': '{count} invoices',
  'admin.count.workers': '{count} workers',
  'mail.resetSubject': 'Reset your Timberlog password',
  'mail.resetBody':
    'Hello,\n\nSomeone asked to reset the password of your Timberlog account. Open this link within {days} days to choose a new password:\n\n{link}\n\nIf it was not you, ignore this message.',
  'mail.verifySubject': 'Confirm your email address for Timberlog',
  'mail.verifyBody':
    'Hello,\n\nSomeone signed up for Timberlog with this address. Open this link within {days} days to confirm it is yours:\n\n{link}\n\nStaff can activate the account once the address is confirmed. If it was not you, ignore this message.',
  'mail.signupExistingSubject': 'Your Timberlog account',
  'mail.signupExistingBody':
    'Hello,\n\nSomeone tried to sign up for Timberlog with this address, but it already has an account. If you forgot its password, ask for a new one here:\n\n{link}\n\nIf it was not you, ignore this message.',
  'user.emailNotVerified': "This account's email address is not verified yet.",
  'verify.tokenInvalid': 'This link is invalid, already used or expired.',
} as const;

/** Every message the API can answer, by its key. */
export type MessageKey = keyof typeof en;

const et: Record<MessageKey, string> = {
  ...VALUE_LABELS.et,
  ...SHARED_TEXTS.et,
  'field.required': 'See väli on kohustuslik.',
  'field.type.string': 'Sisesta tekst.',
  'field.type.number': 'Sisesta arv.',
  'field.type.boolean': 'Sisesta tõene või väär.',
  'field.type.array': 'Sisesta väärtuste loend.',
  'field.type.object': 'Sisesta objekt.',
  'field.invalid': 'Sisesta korrektne väärtus.',
  'field.enum': '"{value}" ei ole lubatud valik. Vali üks järgmistest: {choices}.',
  'field.maxLength': 'Selles väljas võib olla kuni {limit} märki.',
  'field.minLength': 'Selles väljas peab olema vähemalt {limit} märki.',
  'field.blank': 'See väli ei tohi olla tühi.',
  'field.minimum': 'Väärtus peab olema vähemalt {limit}.',
  'field.maximum': 'Väärtus võib olla kuni {limit}.',
  'field.minItems': 'Loendis peab olema vähemalt {limit} elementi.',
  'field.maxItems': 'Loendis võib olla kuni {limit} elementi.',
  'field.format.date': 'Sisesta kuupäev kujul AAAA-KK-PP.',
  'field.dateRange': 'Sisesta kuupäev aastatest {min} kuni {max}.',
  'field.format.date-time': 'Sisesta korrektne kuupäev ja kellaaeg (ISO 8601).',
  'field.format.email': 'Sisesta korrektne e-posti aadress.',
  'field.format.uuid': 'Sisesta korrektne UUID.',
  'field.pattern.decimal': 'Sisesta arv, milles on kuni {decimals} kohta pärast koma.',
  'field.decimal.digits': 'Sisesta arv, milles on enne koma kuni {digits} numbrit.',
  'field.pattern': 'Sisesta väärtus õiges vormingus.',
  'field.unknownSort': 'Tundmatu sorteerimisväli "{value}". Lubatud: {choices}.',
  'field.positive': 'Väärtus peab olema suurem kui 0.',
  'field.rangeOrder': 'Vahemiku lõpp ei tohi olla enne algust.',
  'field.nullChar': 'Nullmärgid ei ole lubatud.',
  'field.controlChar': 'Juhtmärgid ei ole lubatud (ainult tabulaator ja reavahetus).',
  'field.bidiControl': 'Teksti suunda muutvad märgid ei ole lubatud.',
  'db.conflict': 'See on vastuolus vahepeal salvestatud andmetega. Laadi leht uuesti ja proovi veel.',
  'db.invalid': 'Väärtus on väljaspool salvestatavat vahemikku.',
  'db.busy': 'Korraga salvestatakse palju muudatusi. Midagi ei muudetud; proovi mõne hetke pärast uuesti.',
  'record.changed':
    '{name} muutis seda kirjet kell {time}, pärast seda, kui sina selle avasid. Midagi ei salvestatud: võrdle tema muudatusi enda omadega.',
  'record.versionRequired':
    'Saada päises If-Match kirje versioon, mille lugesid (selle ETag, näiteks `If-Match: "7"`): muudatus peab nimetama versiooni, mille peale see tehakse. Midagi ei muudetud.',
  'waybill.reasonRequired': 'Kirjuta, miks veoseleht läheb tagasi olekusse {to}: põhjus jääb selle ajalukku.',
  'record.changedBySystem':
    'Süsteem muutis seda kirjet kell {time}, pärast seda, kui sina selle avasid. Midagi ei salvestatud: võrdle selle muudatusi enda omadega.',
  'json.invalid':
    'JSON-i parsimise viga - sisu ei ole korrektne JSON või sisaldab võtit "__proto__" või "constructor.prototype", mis ei ole lubatud.',
  'json.empty': 'JSON-i parsimise viga - päringu sisu on tühi.',
  'url.invalid': 'Aadress ei ole korrektne URL.',
  'media.unsupported': 'Päringu meediatüüp "{type}" ei ole toetatud.',
  'page.invalid': 'Vigane lehekülg.',
  notFound: 'Ei leitud.',
  methodNotAllowed: 'Meetod "{method}" ei ole lubatud.',
  'auth.notAuthenticated': 'Autentimisandmeid ei esitatud.',
  'auth.tokenInvalid': 'Esitatud tõend ei kehti.',
  'auth.refreshInvalid': 'Tõend on vigane või aegunud.',
  'auth.noActiveAccount': 'Nende andmetega aktiivset kontot ei leitud.',
  'auth.permissionDenied': 'Sul ei ole selle toimingu tegemiseks õigust.',
  'auth.rateLimited': 'Liiga palju katseid. Proovi uuesti {seconds} sekundi pärast.',
  'auth.userInactive': 'Kasutaja ei ole aktiivne.',
  'password.tooShort': 'See parool on liiga lühike. Selles peab olema vähemalt {limit} märki.',
  'password.tooLong': 'See parool on liiga pikk. Selles võib olla kuni {limit} märki.',
  'password.numeric': 'See parool koosneb ainult numbritest.',
  'password.sameAsEmail': 'Parool on e-posti aadressiga liiga sarnane.',
  'password.currentRequired': 'Uue parooli määramiseks sisesta oma praegune parool.',
  'password.common':
    'See parool on liiga levinud või kergesti äraarvatav. Kasuta mitut omavahel mitteseotud sõna või sega sõnu numbrite ja sümbolitega.',
  'password.published': 'See parool on avaldatud toote demokontodega: igaüks võiks seda proovida. Vali teine.',
  'password.currentWrong': 'Praegune parool ei ole õige.',
  'reset.tokenInvalid': 'See link on vigane, juba kasutatud või aegunud. Küsi uus link.',
  'user.emailTaken': 'Selle e-posti aadressiga kasutaja on juba olemas.',
  'user.emailImmutable': 'E-posti aadressi ei saa muuta.',
  'ref.unknownOrigin': 'Lähtekoodiga "{value}" ladu ei ole.',
  'ref.unknownDestination': 'Sihtkoodiga "{value}" ladu ei ole.',
  'ref.unknownCompany': 'Registrikoodiga "{value}" ettevõtet ei ole.',
  'ref.unknownAssortment': 'Koodiga "{value}" sortimenti ei ole.',
  'ref.inactiveAssortment': 'Sortiment "{value}" ei ole aktiivne.',
  'ref.unknownWarehouse': 'Ladu ID-ga {value} ei ole.',
  'ref.unknownWaybill': 'Numbriga "{value}" veoselehte ei ole.',
  'ref.unknownAssortmentType': 'Sortimendi liiki ID-ga {value} ei ole.',
  'waybill.numberTaken': 'Selle numbriga veoseleht on juba olemas.',
  'waybill.transition': 'Veoselehte ei saa viia olekust "{from}" olekusse "{to}".',
  'waybill.notEditable': 'Olekus "{status}" veoselehte ei saa muuta.',
  'waybill.notDeletable': 'Kustutada saab ainult mustandeid; selle veoselehe olek on "{status}".',
  'waybill.quantityOverLoad': 'Üks koorem on kuni {limit} {unit}: kontrolli kogust.',
  'invoice.noWaybills': 'Vali vähemalt üks veoseleht.',
  'invoice.notDelivered': 'Arveldada saab ainult kohale toimetatud veoselehti; kohale toimetamata: {list}.',
  'invoice.alreadyInvoiced': 'Juba arveldatud: {list}.',
  'invoice.mixedCustomers': 'Kõigil veoselehtedel peab olema sama saaja ettevõte; leitud: {list}.',
  'invoice.notCustomer': 'Ettevõte "{value}" ei ole arveklient.',
  'invoice.unknownWaybills': 'Tundmatud veoselehed: {list}.',
  'invoice.retryNotFailed': 'Uuesti saab saata ainult arveid, mille sünkroonimine ebaõnnestus; selle arve olek on "{status}".',
  'invoice.issueInFuture': 'Arve kuupäev ei tohi olla tulevikus.',
  'invoice.dueBeforeIssue': 'Maksetähtaeg ei tohi olla enne arve kuupäeva.',
  'invoice.sellerMissing': 'Arveid ei saa koostada enne, kui serveris on müüja andmed seadistatud ({settings}): teavita administraatorit.',
  'invoice.customerNoEmail': 'Kliendil {name} ei ole e-posti aadressi: lisa see enne ettevõtte andmetesse.',
  'invoice.alreadySent': 'See arve on juba saadetud aadressile {to} ({time}). Kinnita, et saata see uuesti.',
  'invoice.sendInProgress': 'Seda arvet saadetakse praegu. Oota hetk ja vaata arve ajalugu.',
  'invoice.sendFailed': 'Arvet ei õnnestunud saata: e-posti server seda vastu ei võtnud. Proovi hiljem uuesti.',
  'export.noFile': 'Sellel ekspordil ei ole faili.',
  'export.tooMany': 'Sul on juba {limit} eksporti pooleli. Oota, kuni mõni lõpeb, ja proovi siis uuesti.',
  'export.linkInvalid': 'Allalaadimislink on vigane või aegunud.',
  'export.failed': 'Aruannet ei õnnestunud koostada. Proovi uuesti; kui see jälle ei õnnestu, anna teada kasutajatoele.',
  'export.tooManyRows': 'Aruandes on {count} rida, rohkem kui XLSX-lehele mahub ({limit}). Kitsenda filtreid või vali CSV.',
  'query.unknownParam': 'See loend ei võta parameetrit "{name}" (antud "{value}").',
  'query.invalidValue': '"{value}" ei ole väärtus, mida "{name}" selles loendis võtab.',
  'savedView.columnTwice': 'Veerg "{value}" on valitud kaks korda.',
  'savedView.nameTaken': 'Sul on selle loendi vaade selle nimega juba olemas.',
  'savedView.tooMany': 'Sul on selle loendi vaateid juba {limit}. Kustuta enne üks.',
  'bulk.tooMany': 'Üks hulgitoiming võtab kuni {limit} veoselehte; neid on {count}. Kitsenda filtreid.',
  'bulk.noRows': 'Vali veoselehed: nende read (number ja versioon) või loendi filtrid.',
  'bulk.numbersOrFilters': 'Anna kas read või filtrid, mitte mõlemat.',
  'bulk.versionsRequired':
    'Anna iga veoseleht koos versiooniga, mille lugesid (`rows`: `number` ja `version`), et vahepeal muudetud veoselehte ei puudutataks. Midagi ei muudetud.',
  'bulk.failed': 'Hulgitoiming peatus enne lõppu: jõutud read muudeti, teisi mitte. Proovi ülejäänutega uuesti.',
  'bulk.undoRows': 'Tagasivõtmine võtab read, mida see tagasi võtab, igaüks koos olekuga, kuhu see naaseb, mitte loendi filtreid.',
  'bulk.rowStatusUndoOnly': 'Olekut iga rea juures võtab ainult tagasivõtmine.',
  'import.empty': 'Failis ei ole päiserea all ühtegi rida.',
  'import.unreadable': 'Faili ei saa lugeda CSV (UTF-8) ega XLSX-failina.',
  'import.tooLarge': 'Fail on suurem kui {limit} MB.',
  'import.tooManyRows': 'Failis on {count} rida, rohkem kui üks import võtab ({limit}). Jaga fail osadeks.',
  'import.xlsxUnpacksTooLarge': 'XLSX-fail on lahtipakituna suurem kui {limit} MB. Salvesta see uuesti ilma üleliigseta või jaga osadeks.',
  'import.xlsxTooManyRows': 'XLSX-failis on üle {limit} rea; üks import võtab {rows}. Jaga fail osadeks.',
  'import.xlsxTooManyCells': 'XLSX-failis on üle {limit} lahtri. Eemalda mittevajalikud veerud või jaga fail osadeks.',
  'import.xlsxCellTooLong': 'XLSX-faili lahtris on üle {limit} märgi, rohkem kui Excel ise lubab.',
  'import.missingColumn': 'Failis ei ole veergu "{column}" (päiserida nimetab veerud, inglise või eesti keeles).',
  'import.formula': 'Valemit ei võeta: sisesta selle väärtus.',
  'import.date': 'Sisesta kuupäev, näiteks 23.11.2026 või 2026-11-23.',
  'import.noSuchDate': 'Sellist kuupäeva ei ole: {value}.',
  'import.dateTime': 'Sisesta kuupäev ja kellaaeg, näiteks 23.11.2026 08:15 või 2026-11-23 08:15.',
  'import.unknownWarehouseName': 'Ladu nimega "{value}" ei ole.',
  'import.ambiguousWarehouseName': 'Mitu ladu kannab nime "{value}": anna selle id.',
  'import.failed':
    'Importi ei õnnestunud lõpetada; midagi ei salvestatud. Proovi uuesti; kui see jälle ebaõnnestub, teavita tugimeeskonda.',
  'import.columns.unknown':
    'Välja nimega "{value}" ei ole: columns nimetab iga veeru välja ({choices}) või jätab selle tühjaks, et veergu mitte lugeda.',
  'import.columns.twice': 'Väli "{value}" on antud kahele veerule: anna iga väli ühele veerule.',
  'import.columns.tooMany': 'Failis on {count} veergu, columns nimetab välju rohkematele: jäta nendest edasised kohad tühjaks.',
  'report.waybills.sheet': 'Veoselehed',
  'report.worklogs.sheet': 'Töökanded',
  'report.column.number': 'Number',
  'report.column.status': 'Olek',
  'report.column.transportDate': 'Veo kuupäev',
  'report.column.origin': 'Lähtekoht',
  'report.column.originName': 'Lähtekoha nimi',
  'report.column.destination': 'Sihtkoht',
  'report.column.destinationName': 'Sihtkoha nimi',
  'report.column.destinationCompany': 'Saaja ettevõte',
  'report.column.destinationCompanyName': 'Saaja ettevõtte nimi',
  'report.column.driverName': 'Juht',
  'report.column.vehicleNumber': 'Sõiduk',
  'report.column.mileage': 'Läbisõit (km)',
  'report.column.assortment': 'Sortiment',
  'report.column.assortmentName': 'Sortimendi nimi',
  'report.column.quantity': 'Kogus',
  'report.column.unit': 'Ühik',
  'report.column.invoice': 'Arve',
  'report.column.notes': 'Märkused',
  'report.column.createdAt': 'Loodud',
  'report.column.timestamp': 'Aeg',
  'report.column.action': 'Toiming',
  'report.column.warehouseName': 'Ladu',
  'report.column.warehouseCompany': 'Lao ettevõte',
  'report.column.warehouseCompanyName': 'Lao ettevõtte nimi',
  'report.column.workerName': 'Töötaja',
  'report.column.waybill': 'Veoseleht',
  'report.column.durationMinutes': 'Kestus (min)',
  'admin.referenced': 'Ei saa kustutada: sellele viitavad {list}.',
  'admin.exists': 'Selle võtmega kirje on juba olemas.',
  'admin.originTaken': 'Seda lähtekoodi kasutab juba teine ladu.',
  'admin.destinationTaken': 'Seda sihtkoodi kasutab juba teine ladu.',
  'admin.count.assortments': '{count} sortimenti',
  'admin.count.waybills': '{count} veoselehte',
  'admin.count.worklogs': '{count} töölogi',
  'admin.count.warehouses': '{count} ladu',
  'admin.count.invoices': '{count} arvet',
  'admin.count.workers': '{count} töötajat',
  'mail.resetSubject': 'Timberlogi parooli lähtestamine',
  'mail.resetBody':
    'Tere!\n\nKeegi soovis Sinu Timberlogi konto parooli lähtestada. Ava see link {days} päeva jooksul, et valida uus parool:\n\n{link}\n\nKui see ei olnud Sina, jäta see kiri tähelepanuta.',
  'mail.verifySubject': 'Kinnita oma e-posti aadress Timberlogis',
  'mail.verifyBody':
    'Tere!\n\nKeegi registreerus selle aadressiga Timberlogi kasutajaks. Ava see link {days} päeva jooksul, et kinnitada, et aadress on Sinu:\n\n{link}\n\nTöötajad saavad konto aktiveerida, kui aadress on kinnitatud. Kui see ei olnud Sina, jäta see kiri tähelepanuta.',
  'mail.signupExistingSubject': 'Sinu Timberlogi konto',
  'mail.signupExistingBody':
    'Tere!\n\nKeegi proovis selle aadressiga Timberlogi kasutajaks registreeruda, kuid aadressil on juba konto. Kui oled parooli unustanud, küsi uus siit:\n\n{link}\n\nKui see ei olnud Sina, jäta see kiri tähelepanuta.',
  'user.emailNotVerified': 'Selle konto e-posti aadress ei ole veel kinnitatud.',
  'verify.tokenInvalid': 'See link on vigane, juba kasutatud või aegunud.',
};

/** The texts of every message in every locale; each locale has every key (the type holds them to it). */
export const MESSAGES: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en, et };

/** Placeholder values of a message. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Whether `key` names a message of the catalogue. */
export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

/**
 * A message in `locale` with its `{name}` placeholders filled; an unknown key is answered as
 * itself (so a missing text shows, instead of failing the answer), a missing value keeps its
 * placeholder.
 */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  const template = isMessageKey(key) ? MESSAGES[locale][key] : key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : `{${name}}`));
}

/** The message keys of report column headings and sheet names. */
export type ReportColumnKey = Extract<MessageKey, `report.column.${string}`>;
export type ReportSheetKey = Extract<MessageKey, `report.${string}.sheet`>;
export type { ValueLabelPrefix } from './value-labels.ts';
export { pickLocale } from './value-labels.ts';

/** The label of a waybill status in the API's reports. */
export const waybillStatusLabel = (locale: Locale, status: WaybillStatus): string => MESSAGES[locale][`value.waybillStatus.${status}`];

/** The label of a worklog action in the API's reports. */
export const worklogActionLabel = (locale: Locale, action: WorklogAction): string => MESSAGES[locale][`value.worklogAction.${action}`];

/** The label of an invoice's accounting sync status. */
export const invoiceStatusLabel = (locale: Locale, status: InvoiceStatus): string => MESSAGES[locale][`value.invoiceStatus.${status}`];

/** What a record refused for deletion is still referred to by, as the admin answers count it. */
export const ADMIN_REFERRERS = ['assortments', 'waybills', 'worklogs', 'warehouses', 'invoices', 'workers'] as const;
export type AdminReferrer = (typeof ADMIN_REFERRERS)[number];

/** "3 waybills, 1 worklogs": the counts of referrers that are not 0, in the given order. */
export const referrerList = (locale: Locale, counts: readonly (readonly [AdminReferrer, number])[]): string =>
  counts
    .filter(([, count]) => count > 0)
    .map(([noun, count]) => translate(locale, `admin.count.${noun}`, { count }))
    .join(', ');

/** When a record was changed, as the 412's message says it: Estonian time, in the locale's short form. */
export const changeTime = (locale: Locale, iso: string): string =>
  new Intl.DateTimeFormat(locale === 'et' ? 'et-EE' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Tallinn',
  }).format(new Date(iso));

/** The 412's detail: who changed the record since the version the client sent, and when; the system when no account did. */
export const versionConflictDetail = (locale: Locale, name: string | null, iso: string): string =>
  name
    ? translate(locale, 'record.changed', { name, time: changeTime(locale, iso) })
    : translate(locale, 'record.changedBySystem', { time: changeTime(locale, iso) });
