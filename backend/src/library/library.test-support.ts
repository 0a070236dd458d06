/** Helpers for the library's HTTP tests: build small libraries through the real API. */
import type { TestApp } from '../../test-support/test-app';

/** Response bodies are JSON checked by the tests themselves. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const DESCRIPTION = '<p>Described.</p>';

export const ANSWERS = {
  '0': 'No evidence.',
  '1': 'Watch.',
  '2': 'Act.',
  '3': 'Act now.',
  NA: 'Not applicable.',
};

export interface Sent {
  status: number;
  body: Json;
  position: string;
  headers: Record<string, string>;
}

export class LibraryApi {
  /** Highest event position seen: sent back as X-Wait-For-Position so reads see our writes. */
  private position = '0';

  constructor(
    private readonly t: TestApp,
    private readonly token: string,
  ) {}

  /** Makes later reads wait for a position reached outside this client (e.g. by the seed). */
  waitFor(position: number): void {
    if (position > Number(this.position)) this.position = String(position);
  }

  private remember(response: { status: number; body: unknown; headers: Record<string, string> }): Sent {
    const position = response.headers['x-event-position'];
    if (position && Number(position) > Number(this.position)) this.position = position;
    return { status: response.status, body: response.body, position: position ?? '', headers: response.headers };
  }

  async get(path: string, query: Record<string, string> = {}): Promise<Sent> {
    const response = await this.t.http().get(path).query(query).set('Authorization', this.token).set('X-Wait-For-Position', this.position);
    return this.remember(response);
  }

  async post(path: string, body: unknown): Promise<Sent> {
    return this.remember(
      await this.t
        .http()
        .post(path)
        .set('Authorization', this.token)
        .send(body as object),
    );
  }

  async put(path: string, body: unknown): Promise<Sent> {
    return this.remember(
      await this.t
        .http()
        .put(path)
        .set('Authorization', this.token)
        .send(body as object),
    );
  }

  async delete(path: string): Promise<Sent> {
    return this.remember(await this.t.http().delete(path).set('Authorization', this.token));
  }

  /** Adds an item and expects 201. */
  async add(body: Record<string, unknown>): Promise<Json> {
    const sent = await this.post('/api/library/items', { description: DESCRIPTION, ...body });
    if (sent.status !== 201) throw new Error(`add ${JSON.stringify(body)} → ${sent.status} ${JSON.stringify(sent.body)}`);
    return sent.body;
  }

  async tree(): Promise<Json> {
    const response = await this.get('/api/library');
    if (response.status !== 200) throw new Error(`tree → ${response.status}`);
    return response.body;
  }

  async item(id: string): Promise<Json> {
    return (await this.get(`/api/library/items/${id}`)).body;
  }

  async evaluate(body: Record<string, unknown>): Promise<Sent> {
    return this.post('/api/library/evaluate', body);
  }
}

/** Finds a node by code anywhere in a tree answered by GET /api/library. */
export function findInTree(tree: { domains: Json[] }, code: string): Json {
  const walk = (nodes: Json[]): Json => {
    for (const node of nodes) {
      if (node.code === code) return node;
      const found = walk([...(node.items ?? []), ...(node.modules ?? [])]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(tree.domains);
}
