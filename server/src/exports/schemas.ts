import { Type, Nullable, Timestamp, listQuery, page, StrEnum } from '../http/schema.js';
import { EXPORT_FORMATS, EXPORT_KINDS, EXPORT_REQUEST_LIST } from '@timberlog/contract';

export const ExportRequest = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: StrEnum(EXPORT_KINDS),
    format: StrEnum(EXPORT_FORMATS),
    filters: Type.Record(Type.String(), Type.Unknown()),
    own: Type.Boolean(),
    requestedBy: Type.String(),
    seen: Type.Boolean(),
    inProgress: Type.Boolean(),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    failed: Type.Boolean(),
    lastErrorMessage: Nullable(Type.String()),
    attachment: Nullable(Type.String()),
    fileUrl: Nullable(
      Type.String({
        description:
          "Download URL with a signed token valid for 10 minutes: absolute on the server's PUBLIC_URL when it is set, otherwise relative to the API server (`/api/...`); never built from the request's Host header.",
      }),
    ),
    rowCount: Nullable(Type.Integer()),
    completeTimestamp: Nullable(Timestamp()),
    createdAt: Timestamp(),
    lastModifiedAt: Timestamp(),
  },
  { $id: 'ExportRequest', title: 'ExportRequest' },
);
export const ExportRequestPage = page(Type.Ref('ExportRequest'), 'ExportRequestPage');
export const ExportListQuery = listQuery(EXPORT_REQUEST_LIST, 'ExportRequestListQuery');
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid', description: "The export request's id." }) });
