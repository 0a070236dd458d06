/** The refusals of a replay request, each a sentence the Analytics page shows, and the job as the API answers it. */
import { HttpException, HttpStatus } from '@nestjs/common';
import { MAX_REPLAYS_PER_PROJECTION, MAX_WAITING_REPLAYS, ReplayJobDocument } from '@cans/projections/analytics/analytics-replay-jobs';

const RETRY_AFTER_SECONDS = 30;

export const REPLAY_USER_BUSY = 'You already have a replay waiting or under way. Wait until it is done, then ask for the next.';
export const REPLAY_QUEUE_FULL = `${MAX_WAITING_REPLAYS} replays are already waiting. Please try again in a few minutes.`;
export const TOO_MANY_REPLAYS = `This projection already has ${MAX_REPLAYS_PER_PROJECTION} replays, as many as are kept. Read one of those dates, or ask an administrator to remove one.`;
export const UNKNOWN_REPLAY_JOB = 'No such replay.';

export function replayRefused(kind: 'user-busy' | 'queue-full' | 'too-many-replays'): HttpException {
  if (kind === 'too-many-replays')
    return new HttpException(
      { statusCode: 409, error: 'Conflict', messageKey: 'too_many_replays', message: TOO_MANY_REPLAYS },
      HttpStatus.CONFLICT,
    );
  const userBusy = kind === 'user-busy';
  const status = userBusy ? HttpStatus.TOO_MANY_REQUESTS : HttpStatus.SERVICE_UNAVAILABLE;
  return new HttpException(
    {
      statusCode: status,
      error: userBusy ? 'Too Many Requests' : 'Service Unavailable',
      messageKey: userBusy ? 'replay_user_busy' : 'replay_queue_full',
      message: userBusy ? REPLAY_USER_BUSY : REPLAY_QUEUE_FULL,
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    },
    status,
  );
}

/** A job as a reader sees it: whether it is theirs, never who else asked, nor which instance runs it. */
export function replayJobView(job: ReplayJobDocument, userId: string) {
  return {
    id: job.id,
    projection: job.projection,
    until: job.until,
    label: job.label,
    state: job.state,
    mine: job.requestedBy === userId,
    requestedAt: job.requestedAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    position: job.position,
    headPosition: job.headPosition,
    eventsPerSecond: job.eventsPerSecond,
    applied: job.applied,
    error: job.error,
  };
}
