import { uniqueName, type TestApp } from './app';
import { clientOf, type DataOf, type Schemas } from './client';

/*
 * Records made over HTTP (each factory fails the test unless the operation succeeded) with a caller's token, each with unique text or names unless the test
 * gives its own, so that files and tests never meet each other's records.
 */

export type Memory = DataOf<'createMemory'>;
export type Subject = DataOf<'createSubject'>;
export type CreatedTemplate = DataOf<'runTemplateWorkflow'>;
export type CreatedApiKey = DataOf<'createApiKey'>;

export function createMemory(t: TestApp, token: string, fields: Partial<Schemas['MemoryCreate']> = {}): Promise<Memory> {
  return clientOf(t, token).ok('createMemory', { body: { text: `Memory ${uniqueName('text')}`, ...fields } as Schemas['MemoryCreate'] });
}

export function updateMemory(t: TestApp, token: string, id: string, fields: Schemas['MemoryUpdate']): Promise<Memory> {
  return clientOf(t, token).ok('updateMemory', { path: { id }, body: fields });
}

export function createSubject(t: TestApp, token: string, fields: Partial<Schemas['SubjectCreate']> = {}): Promise<Subject> {
  return clientOf(t, token).ok('createSubject', { body: { name: uniqueName('Subject'), ...fields } as Schemas['SubjectCreate'] });
}

export async function linkMemory(t: TestApp, token: string, subjectId: string, memoryId: string): Promise<void> {
  await clientOf(t, token).ok('linkMemory', { path: { subject_id: subjectId }, body: { memory_id: memoryId } }, 201);
}

/** A new Template (the workflow's create action, answered 201), with its starter draft. */
export function createTemplate(
  t: TestApp,
  token: string,
  fields: Partial<Omit<Schemas['WorkflowCreate'], 'action'>> = {},
): Promise<CreatedTemplate> {
  return clientOf(t, token).ok('runTemplateWorkflow', {
    body: { action: 'create', name: uniqueName('Template'), summary: 'A test Template', category: 'personal', license: 'MIT', ...fields },
  }, 201);
}

/** A new API key of the session's account; the answer holds its secret. */
export function createApiKey(t: TestApp, session: string, fields: Partial<Schemas['ApiKeyCreate']> = {}): Promise<CreatedApiKey> {
  return clientOf(t, session).ok('createApiKey', { body: { name: uniqueName('key'), mode: 'read_write', ...fields } as Schemas['ApiKeyCreate'] });
}
