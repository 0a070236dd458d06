/** How the System Log describes an XML feed upload (never a child's name; never a secret). */
import type { XmlFeedUploadedData, XmlFeedUploadFailedData } from '@cans/domain/data-feed/data-feed.events';

const countOf = (n: number): string => `${n} ${n === 1 ? 'assessment' : 'assessments'}`;
const triggerOf = ({ trigger, runDay }: Pick<XmlFeedUploadedData, 'trigger' | 'runDay'>): string =>
  trigger === 'scheduled' ? `daily run ${runDay ?? ''}` : 'manual upload';

/** "2025-01-01 to 2025-12-31: 12 assessments to host:22/inbox (daily run 2026-01-05; also covers 2026-01-04)". */
export function xmlFeedUploadedSummary(data: XmlFeedUploadedData): string {
  const covers = data.coversRunDays.length ? `; also covers ${data.coversRunDays.join(', ')}` : '';
  return `${data.from} to ${data.to}: ${countOf(data.assessmentCount)} to ${data.destination ?? ''} (${triggerOf(data)}${covers})`;
}

/** "2025-01-01 to 2025-12-31 not delivered (daily run 2026-01-05): <why>". */
export function xmlFeedFailedSummary(data: XmlFeedUploadFailedData): string {
  const range = data.from && data.to ? `${data.from} to ${data.to} ` : '';
  return `${range}not delivered (${triggerOf(data)}): ${data.failure}`;
}
