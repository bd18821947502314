import { create } from '@bufbuild/protobuf';
import {
  ActiveFilter,
  PageInfoSchema,
  PageRequestSchema,
  SortDirection,
} from '@fleet/proto/fleet/common/v1/common_pb';
import { ACTIVE_FILTER_VALUES } from '../db/paging';
import {
  activeFilterFromProto,
  activeFilterToProto,
  pageInfoFromProto,
  pageInfoToProto,
  pageRequestFromProto,
  pageRequestToProto,
  protoEnumMapping,
  sortDirectionFromProto,
  sortDirectionToProto,
} from './common-mappings';

describe('fleet.common.v1 enums', () => {
  it('map every active filter both ways, and UNSPECIFIED to not given', () => {
    for (const value of ACTIVE_FILTER_VALUES) {
      expect(activeFilterFromProto(activeFilterToProto(value))).toBe(value);
    }
    expect(activeFilterToProto('inactive')).toBe(ActiveFilter.INACTIVE);
    expect(activeFilterToProto(undefined)).toBe(ActiveFilter.UNSPECIFIED);
    expect(activeFilterFromProto(ActiveFilter.UNSPECIFIED)).toBeUndefined();
  });

  it('map sort directions both ways, and UNSPECIFIED to the list’s own order', () => {
    expect(sortDirectionToProto('asc')).toBe(SortDirection.ASC);
    expect(sortDirectionToProto('desc')).toBe(SortDirection.DESC);
    expect(sortDirectionToProto(undefined)).toBe(SortDirection.UNSPECIFIED);
    expect(sortDirectionFromProto(SortDirection.DESC)).toBe('desc');
    expect(sortDirectionFromProto(SortDirection.UNSPECIFIED)).toBeUndefined();
    expect(sortDirectionFromProto(undefined)).toBeUndefined();
  });

  it('cover every value of the proto enums', () => {
    const named = (e: object) =>
      Object.values(e).filter((v): v is number => typeof v === 'number' && v !== 0);
    for (const value of named(ActiveFilter)) expect(activeFilterFromProto(value)).toBeDefined();
    for (const value of named(SortDirection)) expect(sortDirectionFromProto(value)).toBeDefined();
  });

  it('reads an unknown enum number as not given', () => {
    const table = protoEnumMapping<'a', 1>({ a: 1 });
    expect(table.fromProto(7 as 1)).toBeUndefined();
    expect(table.toProto(null)).toBe(0);
  });
});

describe('paging', () => {
  it('sends a page request and reads it back as the use case takes it', () => {
    const sent = create(
      PageRequestSchema,
      pageRequestToProto({ cursor: 'abc', limit: 20, sortBy: 'name', order: 'desc' }),
    );
    expect(sent).toMatchObject({ cursor: 'abc', limit: 20, sortBy: 'name', direction: SortDirection.DESC });
    expect(pageRequestFromProto(sent)).toEqual({
      cursor: 'abc',
      limit: 20,
      sortBy: 'name',
      direction: 'desc',
    });
  });

  it('reads what was not set as not given', () => {
    const empty = create(PageRequestSchema, pageRequestToProto({}));
    expect(pageRequestFromProto(empty)).toEqual({
      cursor: undefined,
      limit: undefined,
      sortBy: undefined,
      direction: undefined,
    });
    expect(pageRequestFromProto(undefined)).toEqual(pageRequestFromProto(empty));
  });

  it('carries a page’s continuation, with no cursor on the last page', () => {
    const more = create(PageInfoSchema, pageInfoToProto({ nextCursor: 'next', hasMore: true }));
    expect(pageInfoFromProto(more)).toEqual({ nextCursor: 'next', hasMore: true });
    const last = create(PageInfoSchema, pageInfoToProto({ nextCursor: '', hasMore: false }));
    expect(pageInfoFromProto(last)).toEqual({ nextCursor: null, hasMore: false });
    expect(pageInfoFromProto(undefined)).toEqual({ nextCursor: null, hasMore: false });
  });
});
