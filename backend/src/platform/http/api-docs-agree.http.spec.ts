/**
 * docs/api.md against the API it describes (issue 28 item 8): the page-size table against each list route's OpenAPI
 * `range` description and against what the route answers one row past its limit; the saved query's `query` as the
 * docs give it (an object) and the refusal of text, with the docs' message.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { seedTestLibrary } from '../../assessments/assessments.test-support';

const API_DOCS = readFileSync(resolve(__dirname, '../../../../docs/api.md'), 'utf8');

/** The "Page sizes" table of docs/api.md: route (`GET /api/…`) → rows, and the limit of every other list. */
function documentedPageSizes(): { byRoute: Map<string, number>; otherwise: number } {
  const section = API_DOCS.slice(API_DOCS.indexOf('### Page sizes'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| List')));
  const byRoute = new Map<string, number>();
  let otherwise = NaN;
  for (const [, list, rows] of table.matchAll(/^\| (.+?) \| (\d+) \|$/gm)) {
    const route = /^`GET (\/api\/\S+)`$/.exec(list);
    if (route) byRoute.set(route[1], Number(rows));
    else if (list === 'every other list') otherwise = Number(rows);
  }
  return { byRoute, otherwise };
}

interface OpenApiParameter {
  name: string;
  in: string;
  description?: string;
}

describe('docs/api.md agrees with the API', () => {
  let t: TestApp;
  const admin = () => `Bearer ${t.adminToken()}`;

  beforeAll(async () => {
    t = await startTestApp({});
    await seedTestLibrary(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each list its page limit as the OpenAPI document does, and each list refuses one row more', async () => {
    const { byRoute, otherwise } = documentedPageSizes();
    expect(byRoute.size).toBeGreaterThanOrEqual(5);
    expect(otherwise).toBe(500);
    const document = (await t.http().get('/api/docs-json').set('Authorization', admin())).body as {
      paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
    };
    const catalogue = (await t.http().get('/api/analytics').set('Authorization', admin())).body as {
      name: string;
      collections: { name: string }[];
    }[];
    const pathValues: Record<string, string> = { projection: catalogue[0].name, collection: catalogue[0].collections[0].name };
    const requiredQuery: Record<string, string> = { cin: 'PID-NONE' };

    const lists: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const range = operations.get?.parameters?.find((parameter) => parameter.name === 'range' && parameter.in === 'query');
      if (!range) continue;
      lists.push(path);
      const limit = Number(/at most (\d+) rows a page/.exec(range.description ?? '')?.[1]);
      expect([path, limit]).toEqual([path, byRoute.get(path) ?? otherwise]);

      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name]);
      const required = Object.fromEntries(
        (operations.get.parameters ?? [])
          .filter((p) => p.in === 'query' && p.name in requiredQuery)
          .map((p) => [p.name, requiredQuery[p.name]]),
      );
      const tooMany = await t
        .http()
        .get(url)
        .query({ ...required, range: `[0,${limit}]` })
        .set('Authorization', admin());
      expect([path, tooMany.status, tooMany.body.errors?.range]).toEqual([path, 400, [`at most ${limit} rows per page`]]);
      const full = await t
        .http()
        .get(url)
        .query({ ...required, range: `[0,${limit - 1}]` })
        .set('Authorization', admin());
      expect([path, full.status]).toEqual([path, 200]);
    }
    // Every route the table names is a list of the API (none stale).
    for (const route of byRoute.keys()) expect(lists).toContain(route);
  });

  it('takes a saved query’s `query` as an object of strings and refuses text with the message the docs give', async () => {
    const example = /`(\{ "minAge": "5", "domains":\s*"LIFE_FUNCTIONING" \})`/.exec(API_DOCS)?.[1];
    expect(example).toBeDefined();
    const query = JSON.parse(example!.replace(/\s+/g, ' ')) as Record<string, string>;
    const saved = await t
      .http()
      .post('/api/reports/saved-queries')
      .set('Authorization', admin())
      .send({ report: 'many-children-one-cans', query });
    expect(saved.status).toBe(201);
    const asText = await t
      .http()
      .post('/api/reports/saved-queries')
      .set('Authorization', admin())
      .send({ report: 'many-children-one-cans', query: 'minAge=5&domains=LIFE_FUNCTIONING' });
    expect(asText.status).toBe(400);
    const message = /400 `query: (.+?)`/.exec(API_DOCS)?.[1];
    expect(asText.body.errors.query).toEqual([message]);
  });
});
