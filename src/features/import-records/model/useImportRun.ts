import { useCallback, useEffect, useRef, useState } from 'react';

import type { ImportRecord } from '@timberlog/contract';

import { isBatchJob, waybillVolumeApi, type BatchJob, type ImportResult } from '@/entities/waybill';
import { extractApiError, isApiError } from '@/shared/api';
import { useAppDispatch } from '@/shared/model';

import { useImportRecordsMutation } from '../api/importApi';
import { IMPORT_KINDS } from '../config/records';

/** How often a background import is asked about, in ms. */
export const IMPORT_POLL_MS = 1000;

/**
 * Where an import is: no file yet, its check (dry run) or its writing under way (a large file's
 * background job reports its progress), the check's answer, the records written, or a failure.
 */
export type ImportPhase =
  | { readonly name: 'idle' }
  | { readonly name: 'checking'; readonly job?: BatchJob }
  | { readonly name: 'checked'; readonly result: ImportResult }
  | { readonly name: 'importing'; readonly job?: BatchJob }
  | { readonly name: 'imported'; readonly result: ImportResult }
  | { readonly name: 'failed'; readonly message: string };

/** An import answer in a 400 (a row failed when writing): the same body as the check's. */
const resultOf = (failure: unknown): ImportResult | null => {
  const data = (failure as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' && 'errors' in data && 'rows' in data ? (data as ImportResult) : null;
};

const messageOf = (failure: unknown): string => {
  const error = isApiError(failure) ? failure : extractApiError(failure);
  const fields = Object.values(error.fieldErrors);
  return fields.length > 0 ? fields.join(' ') : error.message;
};

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * An import of `record` from the file's check to its records (`columns`: the field of each of the
 * file's columns, when read, else the server reads its headings): `check` sends the file as a dry run
 * (nothing is written), `write` sends it for real (every row or none); a background job is polled
 * until it ends, and the record's list is read again after the writing.
 */
export function useImportRun(record: ImportRecord) {
  const dispatch = useAppDispatch();
  const [send] = useImportRecordsMutation();
  const [phase, setPhase] = useState<ImportPhase>({ name: 'idle' });
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current = -1;
    },
    [],
  );

  const follow = useCallback(
    async (call: number, file: Blob, filename: string, columns: string | undefined, dryRun: boolean) => {
      const current = () => latest.current === call;
      let answer: ImportResult | BatchJob;
      try {
        answer = await send({ record, file, dryRun, filename, columns }).unwrap();
      } catch (failure) {
        if (!current()) return;
        const result = resultOf(failure);
        setPhase(result ? { name: 'checked', result } : { name: 'failed', message: messageOf(failure) });
        return;
      }
      while (isBatchJob(answer)) {
        const job: BatchJob = answer;
        if (!current()) return;
        if (job.state === 'failed') {
          setPhase({ name: 'failed', message: job.error ?? '' });
          return;
        }
        if (job.state === 'done') {
          answer = job.result as ImportResult;
          if (!dryRun) dispatch(waybillVolumeApi.util.invalidateTags([{ type: IMPORT_KINDS[record].tag }]));
          break;
        }
        setPhase(dryRun ? { name: 'checking', job } : { name: 'importing', job });
        await wait(IMPORT_POLL_MS);
        if (!current()) return;
        try {
          answer = await dispatch(
            waybillVolumeApi.endpoints.getBatchJob.initiate(job.id, { subscribe: false, forceRefetch: true }),
          ).unwrap();
        } catch (failure) {
          if (current()) setPhase({ name: 'failed', message: messageOf(failure) });
          return;
        }
      }
      if (!current()) return;
      // Written only when every row was valid; otherwise its errors, as the check answers them.
      setPhase(!answer.dryRun && answer.imported > 0 ? { name: 'imported', result: answer } : { name: 'checked', result: answer });
    },
    [send, dispatch, record],
  );

  const check = useCallback(
    (file: Blob, filename: string, columns?: string) => {
      setPhase({ name: 'checking' });
      void follow(++latest.current, file, filename, columns, true);
    },
    [follow],
  );
  const write = useCallback(
    (file: Blob, filename: string, columns?: string) => {
      setPhase({ name: 'importing' });
      void follow(++latest.current, file, filename, columns, false);
    },
    [follow],
  );
  const reset = useCallback(() => {
    latest.current += 1;
    setPhase({ name: 'idle' });
  }, []);
  return { phase, check, write, reset };
}
