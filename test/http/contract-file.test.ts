import YAML from 'yaml';
import { CONTRACT, CONTRACT_TEXT, parseContract } from '../../src/contract-file';

describe('the contract document', () => {
  test('is the YAML contract, read from the JSON copy that codegen writes', () => {
    expect(CONTRACT).toEqual(YAML.parse(CONTRACT_TEXT));
  });

  test('is parsed from the YAML when the copy was made from another text', () => {
    const edited = CONTRACT_TEXT.replace(/^  title: .*$/m, '  title: Edited after the copy was made');
    expect(edited).not.toBe(CONTRACT_TEXT);
    expect((parseContract(edited).info as { title: string }).title).toBe('Edited after the copy was made');
  });
});

describe('what the contract declares of every /v1 answer', () => {
  type Response = { $ref?: string; headers?: Record<string, unknown> };
  const shared = (CONTRACT.components as { responses: Record<string, Response> }).responses;
  const resolved = (response: Response) => (response.$ref ? shared[response.$ref.split('/').pop()!]! : response);
  const operations = Object.entries(CONTRACT.paths as Record<string, Record<string, { operationId?: string; responses?: Record<string, Response> }>>).flatMap(
    ([path, item]) => Object.entries(item).filter(([, op]) => op.responses).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, responses: op.responses! })),
  );

  test.each(operations)('$name declares 405 with Allow, and the 408, 414 and 431 the HTTP server gives', ({ responses }) => {
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['405', '408', '414', '431']));
    expect(Object.keys(resolved(responses['405']!).headers ?? {})).toContain('Allow');
  });

  test.each(operations)('every answer of $name declares Cache-Control, and the rate-limit headers where the request was read', ({ responses }) => {
    for (const [status, response] of Object.entries(responses)) {
      const headers = Object.keys(resolved(response).headers ?? {});
      expect({ status, headers }).toEqual({ status, headers: expect.arrayContaining(['Request-Id', 'Cache-Control']) });
      if (!['408', '414', '431'].includes(status)) {
        expect({ status, headers }).toEqual({ status, headers: expect.arrayContaining(['RateLimit', 'RateLimit-Policy']) });
      }
    }
  });
});
