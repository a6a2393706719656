import type { DataRoomSummary } from '../../schemas/annotate.ts';
import type { Api } from '../api/create-api.ts';

/**
 * The data room a `--room`/`--course` option names: its id, or its title (case-insensitive,
 * surrounding spaces ignored). An unknown or ambiguous name is refused with the rooms to choose from.
 */
export async function resolveRoom(api: Api, reference: string): Promise<DataRoomSummary> {
  const { dataRooms } = await api.call('dataRooms.list', {});
  const byId = dataRooms.find((c) => c.id === reference);
  if (byId) return byId;
  const wanted = reference.trim().toLowerCase();
  const byTitle = dataRooms.filter((c) => c.title.trim().toLowerCase() === wanted);
  if (byTitle.length === 1) return byTitle[0]!;
  const list = (rooms: DataRoomSummary[]) => rooms.map((c) => `  ${c.id}  ${c.title}`).join('\n');
  if (byTitle.length > 1) {
    throw new Error(`${byTitle.length} data rooms are called ${JSON.stringify(reference)}; name one by its id:\n${list(byTitle)}`);
  }
  if (dataRooms.length === 0) throw new Error(`No data room is called ${JSON.stringify(reference)}: this workspace has no data rooms yet. Create one in the annotator.`);
  throw new Error(`No data room has the id or name ${JSON.stringify(reference)}. The data rooms are:\n${list(dataRooms)}\n(see "lhb rooms list")`);
}
