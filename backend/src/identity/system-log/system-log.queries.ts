import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SYSTEM_LOG_ACTIONS } from '@cans/projections/audit/system-log-actions';
import type { SystemLogRow } from '@cans/projections/audit/system-log.projection';
import { searchSystemLog } from '@cans/projections/audit/system-log.queries';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { isCalendarDate, parseDateTime } from '../../platform/http/field-validators';
import { FieldValidationException } from '../../platform/http/validation';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';

/** Spec §9: the System Log pages by 20 (changeable). */
export const systemLogListRules: ListRules = {
  sortable: ['recordedAt', 'action', 'username', 'ip'],
  defaultSort: { field: 'recordedAt', direction: 'desc' },
  filterable: ['action', 'ip', 'username', 'from', 'to', 'q'],
};

const KNOWN_ACTIONS = new Set(Object.values(SYSTEM_LOG_ACTIONS).map((a) => a.action));
/**
 * yyyy-MM-dd takes the whole day (00:00:00 to 23:59:59, UTC, as the spec's default range times); a date and time
 * (UTC without an offset) is exact. Both from 1900 to 9999 (field-validators.ts).
 */
function boundary(key: 'from' | 'to', value: unknown): string {
  if (isCalendarDate(value)) return `${value}T${key === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`;
  const moment = parseDateTime(value, { zone: 'utc-when-absent' });
  if (!moment) {
    throw new FieldValidationException(
      { filter: [`${key} must be a date (yyyy-MM-dd) or a date and time, from 1900 to 9999`] },
      'Invalid list parameters.',
    );
  }
  return moment.toISOString();
}

function text(key: string, value: unknown, max = 200): string {
  if (typeof value !== 'string' || value.length > max)
    throw new FieldValidationException({ filter: [`${key} must be text of at most ${max} characters`] }, 'Invalid list parameters.');
  return value.trim();
}

export function systemLogFilter(filter: Record<string, unknown>): Filter {
  const clauses: Filter[] = [];
  const { action, ip, username, from, to, q } = filter;
  if (action !== undefined && action !== '') {
    const actions = (Array.isArray(action) ? action : [action]).map((a) => text('action', a, 100));
    const unknown = actions.filter((a) => !KNOWN_ACTIONS.has(a));
    if (unknown.length)
      throw new FieldValidationException(
        { filter: [`unknown action ${unknown.join(', ')}; see GET /api/system-log/actions`] },
        'Invalid list parameters.',
      );
    clauses.push({ action: { $in: actions } });
  }
  if (ip !== undefined && ip !== '') clauses.push({ ip: { $prefix: text('ip', ip, 64) } });
  if (username !== undefined && username !== '') clauses.push({ username: { $contains: text('username', username) } });
  if (q !== undefined && q !== '') clauses.push({ description: { $contains: text('q', q) } });
  const range: Record<string, string> = {};
  if (from !== undefined && from !== '') range.$gte = boundary('from', from);
  if (to !== undefined && to !== '') range.$lte = boundary('to', to);
  if (range.$gte && range.$lte && range.$gte > range.$lte)
    throw new FieldValidationException({ filter: ['from must be before to'] }, 'Invalid list parameters.');
  if (Object.keys(range).length) clauses.push({ recordedAt: range });
  return clauses.length ? { $and: clauses } : {};
}

export class SearchSystemLogQuery {
  constructor(readonly list: ListRequest) {}
}

@QueryHandler(SearchSystemLogQuery)
export class SearchSystemLogHandler implements IQueryHandler<SearchSystemLogQuery, { rows: SystemLogRow[]; total: number }> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ list }: SearchSystemLogQuery) {
    return searchSystemLog(this.readStore, systemLogFilter(list.filter), list);
  }
}
