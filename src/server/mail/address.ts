/** The bare address of 'Name <user@host>' (SMTP envelopes take addresses, not display names). */
export function addressOnly(mailbox: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailbox);
  return (match ? match[1]! : mailbox).trim();
}
