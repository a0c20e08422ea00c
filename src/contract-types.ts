import type { OperationId } from './generated/contract';
import type { operations as OperationTypes } from './generated/openapi';

/** Type helpers over the generated types, shared by the handlers and the REST client. */
export type Responses<K extends OperationId> = OperationTypes[K]['responses'];
export type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201>;
export type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body of an operation's success responses. */
export type SuccessBody<K extends OperationId> = JsonBody<Responses<K>[SuccessStatus<K>]>;

export type RequestParameters<K extends OperationId> = OperationTypes[K]['parameters'];
export type Part<P, Name extends string> = P extends { [N in Name]?: infer V } ? ([V] extends [never] ? {} : NonNullable<V>) : {};
/** The query parameters of an operation. */
export type RequestQuery<K extends OperationId> = Part<RequestParameters<K>, 'query'>;
export type RequestBody<K extends OperationId> = OperationTypes[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : OperationTypes[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;
