import { sql } from 'kysely';
import { limits } from '../../generated/contract';
import type { RequestQuery } from '../../contract-types';
import type { components } from '../../generated/openapi';
import type { Services } from '../services';
import { findVisibleMemory } from '../memories/memories.repository';
import { AppError } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { shortenToCodePoints } from '../shared/text';
import { contextMemories } from './budget';

type ContextMap = components['schemas']['ContextMap'];
type MapNode = components['schemas']['ContextMapNode'];
type MapEdge = components['schemas']['ContextMapEdge'];

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

  // Depth 1: the root's Subjects (by name) and the Facts it backs (newest first).
  const subjects1 = await services.db
    .selectFrom('memory_links as l')
    .innerJoin('subjects as s', 's.id', 'l.subject_id')
    .select(['s.id', 's.name'])
    .where('l.memory_id', '=', root.id)
    .orderBy(sql`lower(s.name)`)
    .orderBy('s.id')
    .execute();
  const facts1 = await services.db
    .selectFrom('fact_sources as fs')
    .innerJoin('facts as f', 'f.id', 'fs.fact_id')
    .select(['f.id', 'f.statement', 'f.subject_id'])
    .where('fs.memory_id', '=', root.id)
    .where('f.valid_until', 'is', null)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
  add(subjects1.map((s) => ({ id: s.id, kind: 'subject', label: label(s.name) })), subjects1.length);
  add(facts1.map((f) => ({ id: f.id, kind: 'fact', label: label(f.statement) })), facts1.length);

  if (depth >= 2) {
    const subjectIds = subjects1.map((s) => s.id);
    const factIds = facts1.map((f) => f.id);
    const knownSubjects = new Set(subjectIds);
    // The Subjects of the root's Facts that are not already on the map.
    const extraSubjectIds = [...new Set(facts1.map((f) => f.subject_id))].filter((id) => !knownSubjects.has(id));
    const subjects2 =
      extraSubjectIds.length > 0
        ? await services.db
            .selectFrom('subjects')
            .select(['id', 'name'])
            .where('id', 'in', extraSubjectIds)
            .orderBy(sql`lower(name)`)
            .orderBy('id')
            .execute()
        : [];
    add(subjects2.map((s) => ({ id: s.id, kind: 'subject', label: label(s.name) })), subjects2.length);

    if (subjectIds.length > 0) {
      const facts2 = services.db
        .selectFrom('facts')
        .where('subject_id', 'in', subjectIds)
        .where('account_id', '=', principal.accountId)
        .where('valid_until', 'is', null)
        .$if(factIds.length > 0, (q) => q.where('id', 'not in', factIds));
      const room = Math.max(0, maxNodes - nodes.length);
      const [factRows, factTotal] = await Promise.all([
        facts2.select(['id', 'statement']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(room).execute(),
        facts2.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
      ]);
      add(factRows.map((f) => ({ id: f.id, kind: 'fact', label: label(f.statement) })), factTotal.count);
    }

    // Other Memories linked to the root's Subjects or backing its Facts, newest first.
    if (subjectIds.length > 0 || factIds.length > 0) {
      const neighbours = contextMemories(services.db, principal, includeSensitive)
        .where('memories.id', '!=', root.id)
        .where((eb) =>
          eb.or([
            ...(subjectIds.length > 0
              ? [
                  eb.exists(
                    eb
                      .selectFrom('memory_links as l')
                      .select(sql`1`.as('one'))
                      .whereRef('l.memory_id', '=', 'memories.id')
                      .where('l.subject_id', 'in', subjectIds),
                  ),
                ]
              : []),
            ...(factIds.length > 0
              ? [
                  eb.exists(
                    eb
                      .selectFrom('fact_sources as fs')
                      .select(sql`1`.as('one'))
                      .whereRef('fs.memory_id', '=', 'memories.id')
                      .where('fs.fact_id', 'in', factIds),
                  ),
                ]
              : []),
          ]),
        );
      const room = Math.max(0, maxNodes - nodes.length);
      const [memoryRows, memoryTotal] = await Promise.all([
        neighbours.orderBy('memories.updated_at', 'desc').orderBy('memories.id', 'desc').limit(room).execute(),
        neighbours.clearSelect().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
      ]);
      add(memoryRows.map((m) => ({ id: m.id, kind: 'memory', label: label(m.text) })), memoryTotal.count);
    }
  }

  return {
    root: root.id,
    nodes,
    edges: await edgesAmong(services, nodes),
    truncated: discovered > nodes.length,
    omitted_nodes: discovered - nodes.length,
  };
}

/** Every edge of the graph whose two ends are both on the map. */
async function edgesAmong(services: Services, nodes: readonly MapNode[]): Promise<MapEdge[]> {
  const ids = (kind: MapNode['kind']) => nodes.filter((n) => n.kind === kind).map((n) => n.id);
  const memories = ids('memory');
  const subjects = ids('subject');
  const facts = ids('fact');
  const edges: MapEdge[] = [];
  if (memories.length > 0 && subjects.length > 0) {
    const links = await services.db
      .selectFrom('memory_links')
      .select(['memory_id', 'subject_id'])
      .where('memory_id', 'in', memories)
      .where('subject_id', 'in', subjects)
      .orderBy('memory_id')
      .orderBy('subject_id')
      .execute();
    for (const link of links) edges.push({ from: link.memory_id, to: link.subject_id, kind: 'linked_to' });
  }
  if (facts.length > 0) {
    const [factRows, sources] = await Promise.all([
      services.db.selectFrom('facts').select(['id', 'subject_id']).where('id', 'in', facts).orderBy('id').execute(),
      memories.length > 0
        ? services.db
            .selectFrom('fact_sources')
            .select(['fact_id', 'memory_id'])
            .where('fact_id', 'in', facts)
            .where('memory_id', 'in', memories)
            .orderBy('fact_id')
            .orderBy('memory_id')
            .execute()
        : [],
    ]);
    const onMap = new Set(subjects);
    for (const fact of factRows) {
      if (onMap.has(fact.subject_id)) edges.push({ from: fact.id, to: fact.subject_id, kind: 'fact_of' });
    }
    for (const source of sources) edges.push({ from: source.fact_id, to: source.memory_id, kind: 'sourced_from' });
  }
  return edges;
}
