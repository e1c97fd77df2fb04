/**
 * The stand-in's register: in memory, and when a data file is given, written there after every
 * change (whole, through a temporary file and a rename) so a demo keeps its waybills across
 * restarts and a crash never leaves half a file.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Json = Record<string, unknown>;
export type WaybillStatus = 'shipping' | 'unloaded' | 'finished' | 'cancelled';
export const WAYBILL_STATUSES: readonly WaybillStatus[] = ['shipping', 'unloaded', 'finished', 'cancelled'];

export interface Party {
  name: string;
  code: string;
}

export interface WaybillAuthorization {
  code: string;
  type: 'forViewing' | 'forMeasuring';
}

export interface WaybillNote {
  creator: Party;
  creationTime: string;
  message: string;
}

export interface MeasurementAct {
  actNumber: string | null;
  actDate: string | null;
  measurements: Json[];
  customMeasurementData: unknown;
  measurerCode: string;
  creationTime: string;
  total: Json | null;
}

/** A waybill as `Waybill` names it: the start request's fields plus what EVR keeps about it. */
export interface Waybill extends Json {
  owner: Json & Party;
  transport: Json & { transporter: Json & Party; driverIdCode: string; vanRegistrationNumber: string; trailerRegistrationNumber?: string };
  receiver: Json & Party;
  placeOfDelivery: Json & { code?: string; name: string };
  shipments: Json[];
  number: string;
  status: WaybillStatus;
  creationTime: string;
  cancellationTime: string | null;
  cancellationReason: string | null;
  totalJourneyMileage: number | null;
  unloadingComment: string | null;
  unloadingTime: string | null;
  finishingTime: string | null;
  lastModificationTime: string;
  notes: WaybillNote[];
  waybillAuthorizations: WaybillAuthorization[];
  waybillLatestMeasurements: MeasurementAct | null;
}

export interface StoredWaybill {
  waybill: Waybill;
  /** The organisation whose key started it: EVR gives the creator rights of its own (unload, cancel). */
  creatorCode: string;
  acts: MeasurementAct[];
}

interface Snapshot {
  version: 1;
  counters: Record<string, number>;
  lastTime: number;
  waybills: StoredWaybill[];
}

export class Register {
  private readonly waybills = new Map<string, StoredWaybill>();
  private counters: Record<string, number> = {};
  private lastTime = 0;

  constructor(
    private readonly dataFile: string | undefined,
    private readonly clock: () => Date,
  ) {
    if (dataFile && fs.existsSync(dataFile)) this.load(dataFile);
  }

  /**
   * Now, as an ISO time strictly later than any time handed out before: every change moves
   * `lastModificationTime`, and a poller that asks for changes after the last one it saw must
   * never miss one made within the same millisecond.
   */
  now(): string {
    const time = Math.max(this.clock().getTime(), this.lastTime + 1);
    this.lastTime = time;
    return new Date(time).toISOString();
  }

  nextNumber(prefix: string): string {
    const next = (this.counters[prefix] ?? 0) + 1;
    this.counters[prefix] = next;
    return `${prefix}${String(next).padStart(6, '0')}`;
  }

  get(number: string): StoredWaybill | undefined {
    // EVR's numbers are case-insensitive in every call.
    return this.waybills.get(number.toUpperCase());
  }

  all(): StoredWaybill[] {
    return [...this.waybills.values()];
  }

  add(stored: StoredWaybill): void {
    this.waybills.set(stored.waybill.number.toUpperCase(), stored);
    this.save();
  }

  /** Records a change made to a stored waybill. */
  changed(stored: StoredWaybill, time: string): void {
    stored.waybill.lastModificationTime = time;
    this.save();
  }

  clear(): void {
    this.waybills.clear();
    this.counters = {};
    this.save();
  }

  private load(file: string): void {
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
    this.counters = snapshot.counters ?? {};
    this.lastTime = snapshot.lastTime ?? 0;
    for (const stored of snapshot.waybills ?? []) this.waybills.set(stored.waybill.number.toUpperCase(), stored);
  }

  private save(): void {
    if (!this.dataFile) return;
    const snapshot: Snapshot = { version: 1, counters: this.counters, lastTime: this.lastTime, waybills: this.all() };
    fs.mkdirSync(path.dirname(this.dataFile), { recursive: true });
    const temporary = `${this.dataFile}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(snapshot));
    fs.renameSync(temporary, this.dataFile);
  }
}
