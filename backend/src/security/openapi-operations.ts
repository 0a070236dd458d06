/**
 * The operations of the app's own OpenAPI document (what `SwaggerModule.createDocument` builds in configure-app.ts),
 * read from the running test app, so the route matrix and the fuzz suite cover every route the app serves.
 */
import type { TestApp } from '../../test-support/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonSchema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiOperation {
  /** `METHOD /api/path/{param}`, as the route matrix table names it. */
  key: string;
  method: HttpMethod;
  path: string;
  pathParams: string[];
  queryParams: OpenApiParameter[];
  /** The JSON request body schema ($ref resolved), or null when the operation takes none. */
  bodySchema: JsonSchema | null;
}

const METHODS = new Set<HttpMethod>(['get', 'post', 'put', 'patch', 'delete']);

/** The document as /api/docs-json serves it to a signed-in administrator (it may be behind sign-in). */
export async function fetchOpenApiDocument(t: TestApp, adminToken: string): Promise<OpenApiDocument> {
  const answer = await t.http().get('/api/docs-json').set('Authorization', `Bearer ${adminToken}`);
  if (answer.status !== 200 || !answer.body?.paths)
    throw new Error(`GET /api/docs-json answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.body as OpenApiDocument;
}

export function operationsOf(document: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method as HttpMethod)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content?.['application/json'];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method as HttpMethod,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        bodySchema: content ? resolveSchema(document, content.schema) : null,
      });
    }
  }
  return operations;
}

/** Follows `$ref` and a single-entry `allOf` (how Nest's swagger plugin nests DTOs). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; hops < 10; hops++) {
    if (typeof current.$ref === 'string') {
      const name = current.$ref.split('/').pop() as string;
      current = { ...(document.components?.schemas?.[name] ?? {}), ...(current.nullable ? { nullable: true } : {}) };
    } else if (Array.isArray(current.allOf) && current.allOf.length === 1) {
      const { allOf, ...rest } = current;
      current = { ...resolveSchema(document, allOf[0]), ...rest };
    } else {
      return current;
    }
  }
  return current;
}

/** The writable properties of an object schema (read-only echoes of views are left out). */
export function writableProperties(document: OpenApiDocument, schema: JsonSchema): Array<[string, JsonSchema]> {
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .map(([name, property]) => [name, resolveSchema(document, property)] as [string, JsonSchema])
    .filter(([, property]) => !property.readOnly);
}

/** Fills a path template (`/api/users/{id}`) with values. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    if (!(name in values)) throw new Error(`fillPath: no value for {${name}} in ${path}`);
    return encodeURIComponent(values[name]);
  });
}
