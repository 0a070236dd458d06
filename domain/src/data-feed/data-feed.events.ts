/**
 * Events of the data feeds' audit log (stream "data-feed-log"): every file of children's data that leaves the
 * system is recorded with who took it, what it covered and how many assessments it held (issue 15 "Safety").
 */
import type { EventUnion } from '../decider';

/** @stream `data-feed-log` */
export const DataFeedEvents = {
  MonthDownloaded: 'DataFeedMonthDownloaded',
  AssessmentsExported: 'DataFeedAssessmentsExported',
  /**
   * The analyst's view of the events (pseudonymised, docs/events.md) for a date range was handed to an
   * Analytics_Author as a file, for their own tools.
   */
  AnalystEventsExported: 'AnalystEventsExported',
  /** @stream `xml-feed-run-<runDay>` */
  XmlRunClaimed: 'XmlFeedRunClaimed',
  XmlUploaded: 'XmlFeedUploaded',
  XmlUploadFailed: 'XmlFeedUploadFailed',
} as const;

export const DATA_FEED_LOG_STREAM = 'data-feed-log';

/** The monthly CSV zip of one month's approved assessments was handed to a user. */
export interface DataFeedMonthDownloadedData {
  /** The user who downloaded it (also the event's metadata.userId). */
  downloadedBy: string;
  year: number;
  /** 1-12. */
  month: number;
  /** Approved assessments in the file (one row each in children.csv), counted before the file is streamed. */
  assessmentCount: number;
  fileName: string;
}

/**
 * The XLSX export of approved assessments (Library screen, or an API client) was handed over: downloaded, or
 * mailed to an address. Recorded before the file is streamed or sent, so no file leaves unaudited.
 */
export interface DataFeedAssessmentsExportedData {
  /** The user or API user who asked for it (also the event's metadata.userId). */
  exportedBy: string;
  /** The range of the date of assessment, yyyy-MM-dd, both days included. */
  from: string;
  to: string;
  /** Approved assessments in the file (one row each on the children sheet). */
  assessmentCount: number;
  fileName: string;
  delivery: 'download' | 'mail';
  /** The address it was mailed to; null for a download. */
  mailedTo: string | null;
}

/**
 * The analyst's view of the events recorded in a date range was handed over (Analytics → New projection, or the
 * API). Recorded before the file is streamed, so no file leaves unaudited.
 */
export interface AnalystEventsExportedData {
  /** The user who asked for it (also the event's metadata.userId). */
  exportedBy: string;
  /** The range of the events' recorded time, yyyy-MM-dd, both days included (UTC). */
  from: string;
  to: string;
  format: AnalystEventsFormat;
  fileName: string;
}

/** The formats of the analyst's view for one's own tools. */
export type AnalystEventsFormat = 'csv' | 'parquet';

/**
 * The daily XML feed's run of one day took the day (stream "xml-feed-run-<yyyy-MM-dd>", appended with expected
 * revision no_stream): the instance that appends it uploads; every other instance finds the day taken.
 */
export interface XmlFeedRunClaimedData {
  runDay: string;
}

/** Who started an XML upload: the daily job, or a super admin on /xmlbyhandtosftp. */
export type XmlFeedTrigger = 'scheduled' | 'manual';

/** What an XML upload covered, whatever its outcome (docs/data-feed.md "Daily XML feed"). */
interface XmlFeedRunFacts {
  trigger: XmlFeedTrigger;
  /** The super admin of a manual upload; null for the daily job. */
  requestedBy: string | null;
  /** The day of a scheduled run; null for a manual upload. */
  runDay: string | null;
  /** host:port/folder the file went to (or was meant for); null when no SFTP server is saved. */
  destination: string | null;
}

/** The XML file arrived complete on the SFTP server (uploaded under a temporary name, then renamed). */
export interface XmlFeedUploadedData extends XmlFeedRunFacts {
  /** The range of the date of assessment, yyyy-MM-dd, both days included. */
  from: string;
  to: string;
  fileName: string;
  /** Approved assessments in the file. */
  assessmentCount: number;
  /** Earlier scheduled days whose run failed or never ran, that this file makes good (each file holds the whole range). */
  coversRunDays: string[];
}

/** The XML file did not arrive; the next scheduled run delivers the range again. */
export interface XmlFeedUploadFailedData extends XmlFeedRunFacts {
  /** The range and file meant; null when the run had no range (no assessment date configured). */
  from: string | null;
  to: string | null;
  fileName: string | null;
  /** What went wrong, in plain words (no secret). */
  failure: string;
}

export type DataFeedEvent = EventUnion<{
  [DataFeedEvents.MonthDownloaded]: DataFeedMonthDownloadedData;
  [DataFeedEvents.AssessmentsExported]: DataFeedAssessmentsExportedData;
  [DataFeedEvents.AnalystEventsExported]: AnalystEventsExportedData;
  [DataFeedEvents.XmlRunClaimed]: XmlFeedRunClaimedData;
  [DataFeedEvents.XmlUploaded]: XmlFeedUploadedData;
  [DataFeedEvents.XmlUploadFailed]: XmlFeedUploadFailedData;
}>;

export const DATA_FEED_EVENT_TYPES: readonly DataFeedEvent['type'][] = Object.values(DataFeedEvents);

export const xmlFeedRunStreamId = (runDay: string): string => `xml-feed-run-${runDay}`;
