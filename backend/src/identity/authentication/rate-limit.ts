import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IDENTITY_CONFIG, IdentityConfig, RateLimit, RateLimitName } from '../identity-config';
import { IdentityMessages } from '../identity-messages';

const RATE_LIMIT_KEY = 'cans:rate-limit';

/**
 * In-memory token buckets per (endpoint group, client IP). Good for one API process; several instances behind
 * a balancer each keep their own buckets (the per-account lockout, which is in the event store, still holds).
 */
@Injectable()
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  /** Takes one token; answers how many seconds to wait when none is left. */
  take(name: RateLimitName, clientKey: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const limit: RateLimit = this.config.rateLimits[name];
    const key = `${name}|${clientKey}`;
    const refillPerMs = limit.refillPerMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: limit.capacity, updatedAt: now };
    bucket.tokens = Math.min(limit.capacity, bucket.tokens + (now - bucket.updatedAt) * refillPerMs);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFullBuckets(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000)) };
  }

  /** Full buckets carry no information; dropping them bounds memory under a spray of addresses. */
  private forgetFullBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) {
      const name = key.slice(0, key.indexOf('|')) as RateLimitName;
      const limit = this.config.rateLimits[name];
      if (bucket.tokens + (now - bucket.updatedAt) * (limit.refillPerMinute / 60_000) >= limit.capacity) this.buckets.delete(key);
    }
  }
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const name = this.reflector.get<RateLimitName | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!name) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const outcome = this.limiter.take(name, request.ip ?? 'unknown');
    if (outcome.allowed) return true;
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(outcome.retryAfterSeconds));
    throw rateLimitedAnswer(outcome.retryAfterSeconds);
  }
}

/** The 429 of every rate limit: the guard's per-IP buckets and the per-user ones services take. */
export function rateLimitedAnswer(retryAfterSeconds: number): HttpException {
  return new HttpException(
    { statusCode: 429, error: 'Too Many Requests', messageKey: 'rate_limited', message: IdentityMessages.rate_limited, retryAfterSeconds },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

/** Limits the route per client IP with the named bucket (see IdentityConfig.rateLimits). */
export const RateLimited = (name: RateLimitName) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_KEY, name),
    UseGuards(RateLimitGuard),
    ApiTooManyRequestsResponse({ description: `${IdentityMessages.rate_limited} (per-IP limit "${name}"; Retry-After says when)` }),
  );
