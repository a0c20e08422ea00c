import { limits } from '../../generated/contract';
import type { RequestQuery } from '../../contract-types';
import type { ContextMap, ContextMapEdge as MapEdge, ContextMapNode as MapNode } from '../../generated/openapi';
import type { Services } from '../services';
import { findVisibleMemory } from '../memories/memories.repository';
import { AppError } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { shortenToCodePoints } from '../shared/text';
import {
  currentFactsSourcedFrom,
  linksAmong,
  memoriesNear,
  sourcesAmong,
  subjectNames,
  subjectsOfFacts,
  subjectsOfMemory,
} from './context-map.repository';
import { currentFactsOf } from './context.repository';

export type ContextMapOptions = RequestQuery<'getContextMap'>;

const label = (text: string) => shortenToCodePoints(text, limits.contextMapLabelChars).text;

/**
 * The neighbourhood of one Memory, breadth-first: its Subjects and the current Facts it is a
 * source of (depth 1); then the Facts of those Subjects, the Subjects of those Facts and the other
 * Memories linked to them or backing them (depth 2). Nodes are cut at `max_nodes`, nearest
 * first; `omitted_nodes` counts every node within the depth that did not fit.
 */
export async function contextMap(
  services: Services,
  principal: Principal,
  rootId: string,
  options: ContextMapOptions,
): Promise<ContextMap> {
  const depth = options.depth ?? limits.contextMapDepthDefault;
  const maxNodes = options.max_nodes ?? limits.contextMapMaxNodesDefault;
  const includeSensitive = options.include_sensitive ?? false;
  const root = await findVisibleMemory(services.db, principal, rootId);
  if (!root) throw new AppError('memory_not_found', 'No Memory with this ID.');

  const nodes: MapNode[] = [{ id: root.id, kind: 'memory', label: label(root.text) }];
  let discovered = 1;
  const add = (candidates: MapNode[], total: number) => {
    discovered += total;
    for (const node of candidates) if (nodes.length < maxNodes) nodes.push(node);
  };
  const room = () => Math.max(0, maxNodes - nodes.length);

  // Depth 1: the root's Subjects (by name) and the Facts it backs (newest first).
  const subjects1 = await subjectsOfMemory(services.db, principal.accountId, root.id);
  const facts1 = await currentFactsSourcedFrom(services.db, principal, root.id);
  add(subjects1.map((s) => ({ id: s.id, kind: 'subject', label: label(s.name) })), subjects1.length);
  add(facts1.map((f) => ({ id: f.id, kind: 'fact', label: label(f.statement) })), facts1.length);

  if (depth >= 2) {
    const subjectIds = subjects1.map((s) => s.id);
    const factIds = facts1.map((f) => f.id);
    const knownSubjects = new Set(subjectIds);
    // The Subjects of the root's Facts that are not already on the map.
    const extraSubjectIds = [...new Set(facts1.map((f) => f.subject_id))].filter((id) => !knownSubjects.has(id));
    const subjects2 = await subjectNames(services.db, principal.accountId, extraSubjectIds);
    add(subjects2.map((s) => ({ id: s.id, kind: 'subject', label: label(s.name) })), subjects2.length);

    const facts2 = await currentFactsOf(services.db, principal, subjectIds, room(), factIds);
    add(facts2.rows.map((f) => ({ id: f.id, kind: 'fact', label: label(f.statement) })), facts2.total);

    // Other Memories linked to the root's Subjects or backing its Facts, newest first.
    const memories2 = await memoriesNear(services.db, principal, includeSensitive, { rootId: root.id, subjectIds, factIds }, room());
    add(memories2.rows.map((m) => ({ id: m.id, kind: 'memory', label: label(m.text) })), memories2.total);
  }

  return {
    root: root.id,
    nodes,
    edges: await edgesAmong(services, principal.accountId, nodes),
    truncated: discovered > nodes.length,
    omitted_nodes: discovered - nodes.length,
  };
}

/** Every edge of the account's graph whose two ends are both on the map. */
async function edgesAmong(services: Services, accountId: string, nodes: readonly MapNode[]): Promise<MapEdge[]> {
  const ids = (kind: MapNode['kind']) => nodes.filter((n) => n.kind === kind).map((n) => n.id);
  const memories = ids('memory');
  const subjects = ids('subject');
  const facts = ids('fact');
  const edges: MapEdge[] = [];
  const [links, factRows, sources] = await Promise.all([
    linksAmong(services.db, accountId, memories, subjects),
    subjectsOfFacts(services.db, accountId, facts),
    sourcesAmong(services.db, accountId, facts, memories),
  ]);
  for (const link of links) edges.push({ ...link, kind: 'linked_to' });
  const onMap = new Set(subjects);
  for (const fact of factRows) {
    if (onMap.has(fact.subject_id)) edges.push({ from: fact.id, to: fact.subject_id, kind: 'fact_of' });
  }
  for (const source of sources) edges.push({ ...source, kind: 'sourced_from' });
  return edges;
}
