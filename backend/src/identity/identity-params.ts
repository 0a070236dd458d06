import { Injectable, PipeTransform } from '@nestjs/common';
import { FieldValidationException } from '../platform/http/validation';
import { ENTITY_ID_PATTERN } from '@cans/domain/identity/identity-rules';

/** Route ids: "1", "153" (well-known records) or a UUID; anything else is a 400, never a lookup. */
@Injectable()
export class EntityIdPipe implements PipeTransform<string, string> {
  constructor(private readonly field = 'id') {}

  transform(value: string): string {
    if (typeof value !== 'string' || !ENTITY_ID_PATTERN.test(value)) {
      throw new FieldValidationException({ [this.field]: ['must be a numeric id or a UUID'] });
    }
    return value;
  }
}

export const entityId = new EntityIdPipe();
