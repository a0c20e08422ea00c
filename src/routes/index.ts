import type { Handlers } from '../pipeline/handlers';
import { apiKeyHandlers } from './api-keys';
import { connectionHandlers } from './connections';
import { contextHandlers } from './context';
import { factHandlers } from './facts';
import { libraryHandlers } from './library';
import { memoryHandlers } from './memories';
import { portabilityHandlers } from './portability';
import { principalHandlers } from './principal';
import { subjectHandlers } from './subjects';

/** Every operation of the contract and its handler: a missing one does not compile. */
export const handlers: Handlers = {
  ...memoryHandlers,
  ...subjectHandlers,
  ...factHandlers,
  ...contextHandlers,
  ...libraryHandlers,
  ...apiKeyHandlers,
  ...connectionHandlers,
  ...principalHandlers,
  ...portabilityHandlers,
};
