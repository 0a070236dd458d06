/**
 * The MongoDB adapter's filter translation, checked without a server (the contract needs MONGODB_URL).
 */
import { escapeRegex, toMongoFilter } from './mongo-read-store-filter';
import { Filter } from './read-store.port';
import { parseFilter } from './read-store-query';

const translate = (filter: Filter) => toMongoFilter(parseFilter(filter));

describe('MongoReadStore filter translation', () => {
  it('maps every operator, with id as _id and dotted paths kept', () => {
    expect(translate({})).toEqual({});
    expect(translate({ id: 'a' })).toEqual({ _id: { $eq: 'a' } });
    expect(translate({ 'child.lastName': 'x' })).toEqual({ 'child.lastName': { $eq: 'x' } });
    expect(translate({ a: null })).toEqual({ a: { $eq: null } });
    expect(translate({ a: { $ne: 1 } })).toEqual({ a: { $ne: 1 } });
    expect(translate({ a: { $ne: null } })).toEqual({ a: { $ne: null } });
    expect(translate({ a: { $exists: true } })).toEqual({ a: { $ne: null } });
    expect(translate({ a: { $exists: false } })).toEqual({ a: { $eq: null } });
    expect(translate({ a: { $in: [1, 'x'] } })).toEqual({ a: { $in: [1, 'x'] } });
    expect(translate({ a: { $nin: [true] } })).toEqual({ a: { $nin: [true] } });
    expect(translate({ a: { $gt: 1, $lte: 5 } })).toEqual({ $and: [{ a: { $gt: 1 } }, { a: { $lte: 5 } }] });
    expect(translate({ a: { $prefix: 'Ab' } })).toEqual({ a: { $regex: '^Ab', $options: 'i' } });
    expect(translate({ a: { $contains: 'b' } })).toEqual({ a: { $regex: 'b', $options: 'i' } });
  });

  it('keeps two conditions on one field apart so neither overwrites the other', () => {
    expect(translate({ a: { $eq: 5, $exists: false } })).toEqual({ $and: [{ a: { $eq: 5 } }, { a: { $eq: null } }] });
  });

  it('translates $or / $and nesting', () => {
    expect(translate({ x: 1, $or: [{ a: 1 }, { $and: [{ b: 2 }, { c: { $gt: 3 } }] }] })).toEqual({
      $and: [{ x: { $eq: 1 } }, { $or: [{ a: { $eq: 1 } }, { $and: [{ b: { $eq: 2 } }, { c: { $gt: 3 } }] }] }],
    });
  });

  it('escapes regex metacharacters so $prefix / $contains stay literal', () => {
    for (const text of ['a.b', '50% off_now', '(x)', '[a-z]+', 'C:\\temp\\', '^$|?*{1}/', '']) {
      const pattern = new RegExp(`^${escapeRegex(text)}`, 'i');
      expect(pattern.test(`${text.toUpperCase()}tail`)).toBe(true);
      if (text) expect(pattern.test(`#${text}`)).toBe(false);
    }
    expect(new RegExp(escapeRegex('a.c')).test('abc')).toBe(false);
  });
});
