// The one mapping between fleet.common.v1 (ActiveFilter, SortDirection, PageRequest, PageInfo) and the
// values the use cases and the gateway work with. Every service's handlers and the gateway's routers
// read these; none keeps a copy.
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  ActiveFilter,
  type PageInfo,
  type PageInfoSchema,
  type PageRequest as PageRequestMessage,
  type PageRequestSchema,
  SortDirection as SortDirectionMessage,
} from '@fleet/proto/fleet/common/v1/common_pb';
import type { ActiveFilterValue, Page, PageRequest, SortDirection } from '../db/paging';

/**
 * A two-way table between names and a proto enum. Proto3's zero value (`*_UNSPECIFIED`) is "not
 * set": it reads as undefined, and an absent name writes as 0.
 */
export function protoEnumMapping<Name extends string, Proto extends number>(table: Record<Name, Proto>) {
  const reverse = new Map<number, Name>(
    Object.entries(table).map(([name, value]) => [value as number, name as Name]),
  );
  return {
    toProto: (name: Name | null | undefined): Proto | 0 => (name ? table[name] : 0),
    fromProto: (value: Proto | 0 | undefined): Name | undefined =>
      value === undefined ? undefined : reverse.get(value),
  };
}

const directions = protoEnumMapping<SortDirection, SortDirectionMessage>({
  asc: SortDirectionMessage.ASC,
  desc: SortDirectionMessage.DESC,
});
const activeFilters = protoEnumMapping<ActiveFilterValue, ActiveFilter>({
  active: ActiveFilter.ACTIVE,
  inactive: ActiveFilter.INACTIVE,
  all: ActiveFilter.ALL,
});

/** asc/desc to the proto enum; absent is UNSPECIFIED (the list's own default order). */
export const sortDirectionToProto = directions.toProto;
/** The proto enum to asc/desc; UNSPECIFIED is undefined, which leaves the list its default order. */
export const sortDirectionFromProto = directions.fromProto;

/** active/inactive/all to the proto enum; absent is UNSPECIFIED (active only). */
export const activeFilterToProto = activeFilters.toProto;
/** The proto enum to active/inactive/all; UNSPECIFIED is undefined, which a list reads as active only. */
export const activeFilterFromProto = activeFilters.fromProto;

/** What a list asks for, as a caller of a service names it. */
export interface ListPageInput {
  cursor?: string;
  limit?: number;
  sortBy?: string;
  /** Not `direction`: tRPC's infinite queries put their own `direction` into the input. */
  order?: SortDirection;
}

export function pageRequestToProto(input: ListPageInput): MessageInitShape<typeof PageRequestSchema> {
  return {
    cursor: input.cursor ?? '',
    limit: input.limit ?? 0,
    sortBy: input.sortBy ?? '',
    direction: sortDirectionToProto(input.order),
  };
}

/** A PageRequest as a use case takes it; anything not set (0, '', UNSPECIFIED) is undefined. */
export function pageRequestFromProto(
  page: PageRequestMessage | undefined,
): PageRequest & { sortBy?: string } {
  return {
    sortBy: page?.sortBy || undefined,
    direction: sortDirectionFromProto(page?.direction),
    cursor: page?.cursor || undefined,
    limit: page?.limit || undefined,
  };
}

export function pageInfoToProto(
  page: Pick<Page<unknown>, 'nextCursor' | 'hasMore'>,
): MessageInitShape<typeof PageInfoSchema> {
  return { nextCursor: page.nextCursor, hasMore: page.hasMore };
}

export interface PageInfoValue {
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  hasMore: boolean;
}

export function pageInfoFromProto(info: PageInfo | undefined): PageInfoValue {
  return { nextCursor: info?.nextCursor || null, hasMore: info?.hasMore ?? false };
}
