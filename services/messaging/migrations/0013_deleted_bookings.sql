-- A booking entered by mistake may be deleted in bookings before anything happened to it; messaging's
-- copy keeps its row (messages it already sent name it) and marks it, so nothing more is sent about it.
alter table messaging.bookings add column deleted_at timestamptz;
