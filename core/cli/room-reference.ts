import type { CourseSummary } from '../../schemas/annotate.ts';
import type { Api } from '../api/create-api.ts';

/**
 * The data room a `--room`/`--course` option names: its id, or its title (case-insensitive,
 * surrounding spaces ignored). An unknown or ambiguous name is refused with the rooms to choose from.
 */
export async function resolveRoom(api: Api, reference: string): Promise<CourseSummary> {
  const { courses } = (await api.call('courses.list', {})) as { courses: CourseSummary[] };
  const byId = courses.find((c) => c.id === reference);
  if (byId) return byId;
  const wanted = reference.trim().toLowerCase();
  const byTitle = courses.filter((c) => c.title.trim().toLowerCase() === wanted);
  if (byTitle.length === 1) return byTitle[0]!;
  const list = (rooms: CourseSummary[]) => rooms.map((c) => `  ${c.id}  ${c.title}`).join('\n');
  if (byTitle.length > 1) {
    throw new Error(`${byTitle.length} data rooms are called ${JSON.stringify(reference)}; name one by its id:\n${list(byTitle)}`);
  }
  if (courses.length === 0) throw new Error(`No data room is called ${JSON.stringify(reference)}: this workspace has no data rooms yet. Create one in the annotator.`);
  throw new Error(`No data room has the id or name ${JSON.stringify(reference)}. The data rooms are:\n${list(courses)}\n(see "lhb rooms list")`);
}
