-- When a driver's moving position was last told to the live maps (fleet.bookings.driver_position.changed):
-- at most once in 10 seconds a driver, so a fleet posting every few seconds makes a bounded stream of
-- events, whatever the rate of its points.
alter table bookings.driver_positions add column announced_at timestamptz;
