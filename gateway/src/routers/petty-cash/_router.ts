import { router } from '../../trpc';
import { get, list, record, send, summary, update, voidEntry } from './procedures';

/** Petty cash (/operations/petty-cash): the office's cash book, its balance and who holds how much. */
export const pettyCashRouter = router({
  list,
  get,
  summary,
  record,
  update,
  void: voidEntry,
  send,
});
