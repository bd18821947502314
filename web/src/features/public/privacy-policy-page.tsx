import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

const UPDATED = '22 November 2026';

/** The privacy policy of the back-office and the driver app. Public: reachable without signing in. */
export default function PrivacyPolicyPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Privacy policy</Title>
        <Text c="dimmed">Last updated {UPDATED}</Text>
        <Text>
          This policy explains what information the Fleet back-office, its driver app and its booking
          interfaces collect, why, and what you can do about it. The operator you deal with (the car-hire
          company) decides why and how your information is used and is responsible for it; Fleet processes it
          on the operator's behalf.
        </Text>
        <Title order={2}>What we collect</Title>
        <List spacing="xs">
          <List.Item>
            <b>Staff and drivers:</b> name, mobile number, email, employee and licence details entered by the
            operator, sign-in records (time, IP address, device), and the actions taken in the app.
          </List.Item>
          <List.Item>
            <b>Customers and passengers:</b> names, phone numbers and email addresses of bookers and
            passengers, pickup and drop addresses, trip times and distances, signatures on duty slips and
            feedback.
          </List.Item>
          <List.Item>
            <b>Trips:</b> while a duty is running, the driver app records the vehicle's location so the trip
            can be tracked, billed and proven. Location is not collected outside a duty.
          </List.Item>
          <List.Item>
            <b>Billing:</b> invoices, receipts, tax numbers (GSTIN, PAN) and bank details needed to invoice
            and pay.
          </List.Item>
        </List>
        <Title order={2}>Why we use it</Title>
        <Text>
          To take and run bookings, allot vehicles and drivers, send trip details and sign-in codes by SMS or
          email, produce duty slips and invoices, meet tax and accounting law, keep accounts secure, and
          answer disputes. We do not sell personal information and do not use it for advertising.
        </Text>
        <Title order={2}>Who sees it</Title>
        <Text>
          Only the operator's staff with the right permissions, the driver allotted to a trip, and — for trips
          passed between operators — the partner operator doing the trip. Messages go out through SMS and
          email providers that act on our instructions. Information is disclosed to authorities only where the
          law requires it.
        </Text>
        <Title order={2}>How long we keep it</Title>
        <Text>
          Booking, duty slip and billing records are kept for as long as tax law requires (at least eight
          years in India). Location points are kept for as long as the trip record they prove. Sign-in codes
          expire after five minutes and are stored only in hashed form.
        </Text>
        <Title order={2}>Your choices and rights</Title>
        <Text>
          You may ask the operator for a copy of the information held about you, to correct it, or to delete
          what the law does not require them to keep. Drivers may switch off location sharing when not on a
          duty.
        </Text>
        <Title order={2}>Security</Title>
        <Text>
          Each operator's information is kept apart from every other operator's. Access is by one-time codes
          and per-person permissions, every impersonation by an administrator is recorded, and information
          travels encrypted.
        </Text>
        <Title order={2}>Contact</Title>
        <Text>
          Write to the operator you deal with, or to the grievance officer named on their invoices. Changes to
          this policy are published on this page with a new date.
        </Text>
        <Anchor component={Link} to="/">
          Back to the back-office
        </Anchor>
      </Stack>
    </Container>
  );
}
