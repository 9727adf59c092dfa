/** The browser leaves the app for a payment page (the bank's Bancontact page, a card's 3-D Secure challenge). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
