import type { PayloadEmailAdapter } from 'payload'

/**
 * The app's e-mail until a mail server is connected: Payload's own default writes each message to
 * the log too, but warns that none is configured on every start and every command-line run, a
 * line an operator can do nothing about between runs. This says it where it matters, once per
 * message that could not be sent, with whom it was for (the message's body, which may hold a
 * password-reset link, is not logged).
 */
export const logOnlyEmailAdapter: PayloadEmailAdapter = ({ payload }) => ({
  name: 'log-only',
  defaultFromAddress: 'calendar@localhost',
  defaultFromName: 'Events calendar',
  sendEmail: async (message) => {
    const to = [message.to ?? []]
      .flat()
      .map((address) => (typeof address === 'string' ? address : address.address))
      .join(', ')
    payload.logger.warn(
      { subject: message.subject, to },
      'E-mail not sent: this app has no mail server configured',
    )
  },
})
