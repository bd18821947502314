// A request for payment opens a public page of the customer's dues (spec §2 public routes) at this path,
// followed by the link's token: 22 characters of base64url (PUBLIC_TOKEN_PATTERN), as the passenger's links.
export const PAYMENT_REQUEST_PAGE_PATH = '/payment-request';

/** A request goes to at most this many addresses and this many phones. */
export const PAYMENT_REQUEST_RECIPIENTS = 10;

/** How long a payment request's link opens its page. */
export const PAYMENT_LINK_DAYS = 30;
