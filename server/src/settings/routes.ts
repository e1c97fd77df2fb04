import type { App } from '../infra/context.js';
import { errors, ref, Type } from '../http/schema.js';

/**
 * What the web app needs to know of this server's set-up to say true things: whether it has a
 * connection to EVR (EVR_URL and EVR_API_KEY), without which a confirmed waybill is not sent there.
 */
export const Settings = Type.Object(
  {
    evrConnected: Type.Boolean({
      description:
        'Whether this server sends waybills to EVR (EVR_URL and EVR_API_KEY are set); without it a confirmed waybill stays out of EVR.',
    }),
    evrTolerancePercent: Type.Number({
      minimum: 0,
      maximum: 100,
      description:
        "How far the receiver's measurement may differ from the load shipped, in percent, before the waybill counts as measured off (EVR_MEASUREMENT_TOLERANCE_PERCENT; the `evrMeasuredOff` filter uses it).",
    }),
  },
  { $id: 'Settings', title: 'Settings' },
);
export const settingsSchemas = [Settings];

export async function settingsRoutes(app: App) {
  const { config } = app.ctx;
  app.get(
    '/settings',
    {
      schema: {
        operationId: 'getSettings',
        summary: "This server's set-up, as the web app needs it",
        description: "Any signed-in user. Whether this server has a connection to EVR, and the tolerance of the receiver's measurement.",
        tags: ['settings'],
        response: { 200: ref(Settings), ...errors(401) },
      },
    },
    async () => ({ evrConnected: Boolean(config.evrUrl && config.evrApiKey), evrTolerancePercent: config.evrTolerancePercent }),
  );
}
