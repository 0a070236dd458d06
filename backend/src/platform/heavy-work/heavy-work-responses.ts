import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { HEAVY_JOBS_PER_USER } from './heavy-work-pool';

/** The OpenAPI answers of a route whose work runs in HeavyWorkPool: its two refusals, each with Retry-After. */
export const ApiHeavyWorkResponses = () =>
  applyDecorators(
    ApiResponse({
      status: 429,
      description: `This user already has ${HEAVY_JOBS_PER_USER} files being prepared (heavy_jobs_per_user); Retry-After says when to try again.`,
    }),
    ApiResponse({
      status: 503,
      description: 'Every worker thread is busy and the queue is full (heavy_work_busy); Retry-After says when to try again.',
    }),
  );
