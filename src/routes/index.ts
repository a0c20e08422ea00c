import type { Handlers } from '../http/handler';
import { apiKeyHandlers } from './api-keys';
import { memoryHandlers } from './memories';

/** Every operation of the contract and its handler: a missing one does not compile. */
export const handlers: Handlers = {
  ...memoryHandlers,
  ...apiKeyHandlers,
};
