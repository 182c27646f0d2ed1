// better-sqlite3 13 under its npm alias (db/sqlite-driver.ts): the same API as 12's typings.
declare module 'better-sqlite3-napi' {
  import Database from 'better-sqlite3';
  export = Database;
}
