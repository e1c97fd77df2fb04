/** Reference data of the demo installation: Estonian timber logistics, invented companies and people. */
import type { EvrProductGroup } from '../evr-products.ts';
import type { Species, Unit } from '../limits.ts';

export const ASSORTMENT_TYPES: { name: string; nameEt: string; evrProductGroup: EvrProductGroup; description: string }[] = [
  {
    name: 'Saw logs',
    nameEt: 'Palk',
    evrProductGroup: 'PALK',
    description: 'Logs for sawmills (palk), sorted by species and top diameter.',
  },
  { name: 'Small saw logs', nameEt: 'Peenpalk', evrProductGroup: 'PALK', description: 'Thin logs for small-log sawing lines (peenpalk).' },
  {
    name: 'Pulpwood',
    nameEt: 'Paberipuit',
    evrProductGroup: 'PABER',
    description: 'Pulp and paper wood (paberipuit), delivered to ports and pulp mills.',
  },
  { name: 'Firewood', nameEt: 'Küttepuit', evrProductGroup: 'KUTE', description: 'Firewood and energy wood (küttepuit).' },
  {
    name: 'Wood chips',
    nameEt: 'Hakkepuit',
    evrProductGroup: 'HAKE',
    description: 'Chips for combined heat and power plants (hakkepuit), weighed in tonnes.',
  },
];

export const ASSORTMENTS: { code: string; name: string; type: number; species: Species; unit: Unit; price: string; active?: boolean }[] = [
  { code: 'KU-PALK-18', name: 'Spruce saw log 18+ cm', type: 1, species: 'spruce', unit: 'm3', price: '82.00' },
  { code: 'MA-PALK-18', name: 'Pine saw log 18+ cm', type: 1, species: 'pine', unit: 'm3', price: '86.50' },
  { code: 'KS-PALK-18', name: 'Birch saw log 18+ cm', type: 1, species: 'birch', unit: 'm3', price: '74.00' },
  { code: 'HB-PALK-20', name: 'Aspen saw log 20+ cm', type: 1, species: 'aspen', unit: 'm3', price: '52.00' },
  { code: 'LM-PALK-18', name: 'Alder saw log 18+ cm', type: 1, species: 'alder', unit: 'm3', price: '49.00' },
  { code: 'KU-PEEN-12', name: 'Spruce small log 12-17 cm', type: 2, species: 'spruce', unit: 'm3', price: '61.00' },
  { code: 'MA-PEEN-12', name: 'Pine small log 12-17 cm', type: 2, species: 'pine', unit: 'm3', price: '63.50' },
  { code: 'KU-PP', name: 'Spruce pulpwood', type: 3, species: 'spruce', unit: 'm3', price: '44.00' },
  { code: 'MA-PP', name: 'Pine pulpwood', type: 3, species: 'pine', unit: 'm3', price: '42.50' },
  { code: 'KS-PP', name: 'Birch pulpwood', type: 3, species: 'birch', unit: 'm3', price: '47.00' },
  { code: 'HB-PP', name: 'Aspen pulpwood', type: 3, species: 'aspen', unit: 'm3', price: '38.00' },
  { code: 'SEGA-KP', name: 'Mixed firewood', type: 4, species: 'other', unit: 'm3', price: '33.00' },
  { code: 'LM-KP', name: 'Alder firewood', type: 4, species: 'alder', unit: 'm3', price: '35.50' },
  { code: 'HAKE-T', name: 'Energy wood chips', type: 5, species: 'other', unit: 't', price: '27.80' },
  {
    code: 'KU-PALK-14',
    name: 'Spruce saw log 14+ cm (discontinued)',
    type: 1,
    species: 'spruce',
    unit: 'm3',
    price: '70.00',
    active: false,
  },
];

/**
 * The demo office's own company, a haulier: every demo load is carried by it, so it is the
 * transporter EVR knows the office by (the demo's OWN_COMPANY_REGISTRY_CODE is its code).
 */
export const DEMO_HAULIER = 'Kagu Metsavedu OÜ';

export const COMPANY_NAMES: { name: string; customer: boolean; town: string }[] = [
  { name: 'Järva Saeveski AS', customer: true, town: 'Paide' },
  { name: 'Pärnu Puiduterminal OÜ', customer: true, town: 'Pärnu' },
  { name: 'Kagu Metsavedu OÜ', customer: false, town: 'Võru' },
  { name: 'Lääne Paberipuit AS', customer: true, town: 'Haapsalu' },
  { name: 'Viru Energia OÜ', customer: true, town: 'Rakvere' },
  { name: 'Saaremaa Palk OÜ', customer: true, town: 'Kuressaare' },
  { name: 'Tartu Puidukoda AS', customer: true, town: 'Tartu' },
  { name: 'Muuga Sadama Metsaterminal OÜ', customer: true, town: 'Maardu' },
  { name: 'Valga Metsad OÜ', customer: false, town: 'Valga' },
  { name: 'Põlva Metsaühistu MTÜ', customer: false, town: 'Põlva' },
  { name: 'Harju Küttepuu OÜ', customer: true, town: 'Keila' },
  { name: 'Viljandi Saetööstus AS', customer: true, town: 'Viljandi' },
  { name: 'Rapla Metsahooldus OÜ', customer: false, town: 'Rapla' },
  { name: 'Jõgeva Puiduvedu OÜ', customer: false, town: 'Jõgeva' },
  { name: 'Ida-Viru Hake OÜ', customer: true, town: 'Jõhvi' },
  { name: 'Hiiumaa Metsatalu OÜ', customer: false, town: 'Kärdla' },
  { name: 'Paldiski Lõunasadama Terminal AS', customer: true, town: 'Paldiski' },
  { name: 'Türi Puidugraanul OÜ', customer: false, town: 'Türi' },
];

export const STREETS = [
  'Tööstuse',
  'Metsa',
  'Sadama',
  'Jaama',
  'Pärnu mnt',
  'Tallinna mnt',
  'Tartu mnt',
  'Kase',
  'Männi',
  'Kuuse',
  'Vabriku',
  'Laane',
];

export const ORIGIN_SITES = [
  'Kõrvemaa',
  'Soomaa',
  'Alutaguse',
  'Haanja',
  'Karula',
  'Peipsiääre',
  'Lahemaa',
  'Vooremaa',
  'Kikepera',
  'Endla',
  'Puhatu',
  'Nõva',
  'Tudu',
  'Sõmerpalu',
  'Kurtna',
  'Aegviidu',
  'Järvselja',
  'Tõrva',
  'Mustvee',
  'Simuna',
  'Audru',
  'Tahkuranna',
];

export const FIRST_NAMES = [
  'Margus',
  'Tõnu',
  'Andres',
  'Priit',
  'Rein',
  'Jaanus',
  'Urmas',
  'Toomas',
  'Meelis',
  'Aivar',
  'Kalle',
  'Raivo',
  'Siim',
  'Ülo',
  'Indrek',
  'Janek',
  'Kristjan',
  'Tarmo',
  'Heiki',
  'Ants',
  'Kadri',
  'Liis',
  'Marju',
  'Tiina',
  'Ene',
];
export const LAST_NAMES = [
  'Tamm',
  'Saar',
  'Sepp',
  'Mägi',
  'Kask',
  'Kukk',
  'Rebane',
  'Ilves',
  'Pärn',
  'Koppel',
  'Lepik',
  'Kuusk',
  'Vaher',
  'Karu',
  'Põder',
  'Mets',
  'Lõhmus',
  'Laur',
  'Jõgi',
  'Oja',
  'Raudsepp',
  'Kivi',
];

export const WAYBILL_NOTES = [
  '',
  '',
  '',
  '',
  'Loaded at roadside stack 3.',
  'Forest road soft after rain, partial load.',
  'Measured at the mill gate.',
  'Second trip of the day.',
  'Driver reported a short delay at the ferry.',
  'Photo of the stack attached in the dispatch app.',
];
export const WORKLOG_NOTES = [
  '',
  '',
  '',
  'Stack re-measured after a complaint.',
  'Crane maintenance before shift.',
  'Sorted by diameter class.',
  'Night shift.',
  'Truck waited 20 minutes at the gate.',
];

export const DEMO_USERS = {
  staff: { email: 'staff@timberlog.ee', name: 'Kati Kask', password: 'Metsavahi-2026' },
  user: { email: 'user@timberlog.ee', name: 'Tarmo Tamm', password: 'Palgivedu-2026' },
  inactive: { email: 'inactive@timberlog.ee', name: 'Ülle Uus', password: 'Ootel-konto-2026' },
};
