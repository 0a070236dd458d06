/** The workbench's answers (GET /api/analytics-workbench, POST /api/analytics-workbench/previews). */
export interface AnalystFieldInfo {
  name: string;
  type: string;
  description: string;
}

export interface AnalystEventTypeInfo {
  type: string;
  description: string;
  fields: AnalystFieldInfo[];
}

export interface WorkbenchInfo {
  eventTypes: AnalystEventTypeInfo[];
  templates: { name: string; label: string; code: string }[];
  fieldTypes: string[];
  previewEvents: number;
  memoryMiB: number;
  cpuMsPerCall: number;
  minimumCellSize: number;
}

export interface PreviewCollection {
  name: string;
  label: string;
  fields: { name: string; type: string }[];
}

export type PreviewRow = Record<string, string | number | null | string[] | Record<string, string>> & {
  id: string;
  suppressedFields: string[];
  /** Field → the current name of the agency or item code in it. */
  names: Record<string, string>;
};

export interface ProjectionPreview {
  collections: PreviewCollection[];
  rows: Record<string, PreviewRow[]>;
  totalRows: Record<string, number>;
  events: number;
  elapsedMs: number;
}

/** What the server says of code that failed in the sandbox (an ApiError's body.sandbox). */
export interface SandboxProblem {
  failure: string;
  line: number | null;
  column: number | null;
  event: { type: string; position: number } | null;
}

/** A published projection and where its build is (GET /api/analytics-workbench/projections[/{name}]). */
export interface PublishedProjection {
  name: string;
  label: string;
  description: string;
  version: number;
  publishedByMe: boolean;
  publishedAt: string;
  state: 'waiting' | 'building' | 'live' | 'failed' | 'unpublished';
  servedVersion: number | null;
  servedPosition: number | null;
  build: { version: number; position: number; headPosition: number; eventsPerSecond: number; secondsLeft: number | null } | null;
  error: (SandboxProblem & { message: string }) | null;
  /** GET of one only. */
  code?: string;
}

/** What Publish sends besides the code. */
export interface PublishDraft {
  name: string;
  label: string;
  description: string;
}
