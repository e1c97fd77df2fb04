import type { ExportFormat } from '@timberlog/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

import { isBatchJob, useBulkWaybillsMutation, waybillVolumeApi, type BatchJob, type BulkAction, type BulkResult } from '@/entities/waybill';
import { extractApiError, isApiError, TAGS } from '@/shared/api';
import { useAppDispatch } from '@/shared/model';

import { bulkRequest, type BulkTarget } from './target';

/** How often a background bulk action is asked about, in ms. */
export const BATCH_POLL_MS = 1000;

/**
 * Where a bulk action is: its dry run under way (a background job past the rows answered at once
 * reports its progress), the preview it answered, the real run under way, its results, or a failure
 * (of the dry run or of the real run, with the preview kept so the user can try again).
 */
export type BulkPhase =
  | { readonly name: 'checking'; readonly job?: BatchJob }
  | { readonly name: 'preview'; readonly preview: BulkResult }
  | { readonly name: 'running'; readonly preview: BulkResult; readonly job?: BatchJob }
  | { readonly name: 'results'; readonly result: BulkResult }
  | { readonly name: 'failed'; readonly message: string; readonly preview?: BulkResult };

/** The text of a failed call: the server's field messages (the filters refused) or its message. */
export function failureText(failure: unknown): string {
  const error = isApiError(failure) ? failure : extractApiError(failure);
  const fields = Object.values(error.fieldErrors);
  return fields.length > 0 ? fields.join(' ') : error.message;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export interface BulkRunOptions {
  readonly action: BulkAction;
  readonly target: BulkTarget;
}

/** What a call is sent with: the reason and the export's format as they are when it is sent. */
export interface BulkCallInput {
  readonly reason: string;
  readonly format: ExportFormat;
}

/**
 * A bulk action from its dry run to its results. The dry run starts at once; `check` runs it again
 * (a reason given or taken away decides whether a correction may be made) and `run` makes the real
 * one. A background job is polled until it is done; after a real run the waybills are read again.
 */
export function useBulkRun({ action, target }: BulkRunOptions) {
  const dispatch = useAppDispatch();
  const [bulk] = useBulkWaybillsMutation();
  const [phase, setPhase] = useState<BulkPhase>({ name: 'checking' });
  // Only the latest call's answers count (a reason typed while the dry run was under way); 0 once unmounted.
  const latest = useRef(1);

  /** Sends the call and follows it to its answer; sets state only after awaiting, and only while current. */
  const follow = useCallback(
    async (call: number, dryRun: boolean, input: BulkCallInput, preview?: BulkResult) => {
      const current = () => latest.current === call;
      const failed = (failure: unknown) => {
        if (current()) setPhase({ name: 'failed', message: failureText(failure), preview });
      };
      let answer: BulkResult | BatchJob;
      try {
        answer = await bulk(bulkRequest(target, action, { dryRun, ...input })).unwrap();
      } catch (failure) {
        failed(failure);
        return;
      }
      while (isBatchJob(answer)) {
        const job: BatchJob = answer;
        if (!current()) return;
        if (job.state === 'failed') {
          setPhase({ name: 'failed', message: job.error ?? '', preview });
          return;
        }
        if (job.state === 'done') {
          answer = job.result as BulkResult;
          // The background run changed the waybills after its request answered: read them again now.
          if (!dryRun) dispatch(waybillVolumeApi.util.invalidateTags([{ type: TAGS.waybill }]));
          break;
        }
        setPhase(dryRun || !preview ? { name: 'checking', job } : { name: 'running', preview, job });
        await wait(BATCH_POLL_MS);
        if (!current()) return;
        try {
          answer = await dispatch(
            waybillVolumeApi.endpoints.getBatchJob.initiate(job.id, { subscribe: false, forceRefetch: true }),
          ).unwrap();
        } catch (failure) {
          failed(failure);
          return;
        }
      }
      if (!current()) return;
      setPhase(answer.dryRun ? { name: 'preview', preview: answer } : { name: 'results', result: answer });
    },
    [bulk, dispatch, target, action],
  );

  useEffect(() => {
    const call = ++latest.current;
    void follow(call, true, { reason: '', format: 'xlsx' });
    return () => {
      latest.current = 0;
    };
  }, [follow]);

  const check = useCallback(
    (input: BulkCallInput) => {
      setPhase({ name: 'checking' });
      void follow(++latest.current, true, input);
    },
    [follow],
  );
  const run = useCallback(
    (preview: BulkResult, input: BulkCallInput) => {
      setPhase({ name: 'running', preview });
      void follow(++latest.current, false, input, preview);
    },
    [follow],
  );
  return { phase, check, run };
}
