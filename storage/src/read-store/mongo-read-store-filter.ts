/**
 * The MongoDB adapter's translation of parsed filters into MongoDB queries (checked without a server by
 * mongo-read-store.spec.ts).
 */
import { Filter as MongoFilter } from 'mongodb';
import { FieldPath, FilterNode } from './read-store-query';

type StoredDocument = { _id: string } & Record<string, unknown>;

/** The port's "id" is MongoDB's _id; every other path is used as is (dotted paths reach into sub-documents). */
export function mongoField(field: FieldPath): string {
  return field.dotted === 'id' ? '_id' : field.dotted;
}

/** Exported for unit tests: the MongoDB query for a parsed filter. */
export function toMongoFilter(node: FilterNode): MongoFilter<StoredDocument> {
  return translate(node) as MongoFilter<StoredDocument>;
}

function translate(node: FilterNode): Record<string, unknown> {
  switch (node.kind) {
    case 'and':
      if (node.children.length === 0) return {};
      // Each condition stays its own clause: two conditions on one field (e.g. $exists: false and $eq: 5 both
      // become $eq) would overwrite each other in a single object.
      return node.children.length === 1 ? translate(node.children[0]) : { $and: node.children.map(translate) };
    case 'or':
      return { $or: node.children.map(translate) };
  }
  const field = mongoField(node.field);
  switch (node.kind) {
    case 'eq':
      return { [field]: { $eq: node.value } };
    case 'ne':
      return { [field]: { $ne: node.value } }; // also matches missing fields, as the port requires
    case 'missingOrNull':
      return { [field]: { $eq: null } }; // MongoDB: null matches missing or null
    case 'presentAndNotNull':
      return { [field]: { $ne: null } };
    case 'in':
      return { [field]: { $in: node.values } };
    case 'nin':
      return { [field]: { $nin: node.values } }; // also matches missing fields
    case 'compare':
      // MongoDB compares within a type bracket only, matching the SQL adapter's type check.
      return { [field]: { [`$${node.operator}`]: node.value } };
    case 'prefix':
      return { [field]: { $regex: `^${escapeRegex(node.value)}`, $options: 'i' } };
    case 'contains':
      return { [field]: { $regex: escapeRegex(node.value), $options: 'i' } };
  }
}

/** The caller's text is literal: every regex metacharacter is escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
