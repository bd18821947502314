import { splitStatements } from './split-statements';

describe('splitting a migration into statements', () => {
  it('splits on semicolons outside quotes, dollar-quoted bodies and comments', () => {
    const script = `
      create table a (x text default 'a;b'); -- a comment; with a semicolon
      create function f() returns int language plpgsql as $body$ begin return 1; end; $body$;
      /* block; comment */ insert into "we;ird" values ('it''s; fine');
      do $$ begin perform 1; end $$`;
    expect(splitStatements(script)).toEqual([
      "create table a (x text default 'a;b')",
      'create function f() returns int language plpgsql as $body$ begin return 1; end; $body$',
      `insert into "we;ird" values ('it''s; fine')`,
      'do $$ begin perform 1; end $$',
    ]);
  });
});
