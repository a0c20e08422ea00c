import type { Request, Response, Router } from 'express';
import { OAuthRefusal, redirectSource, type ConsentRequest, type RegisteredClient } from '../../domain/oauth/authorization-server';
import { publicOrigin } from '../../edge/public-url';
import { frame, page, textField, type WebContext } from '../context';
import { sendPage } from '../render';
import { ErrorView } from '../views/error';
import { Csrf, FormError, NO_PROBLEMS, Radios, type FormProblems } from '../views/forms';
import { Layout } from '../views/layout';
import { policyAllowingFormsTo } from '../policy';
import { webLocals } from '../web-session';

/**
 * The consent page of OAuth for MCP: the authorization endpoint sends the browser here with the
 * request sealed in `?request=`; the signed-in person allows the client (read-only or read-write)
 * or denies it, and the browser goes back to the client's registered redirect URI with a code or
 * `access_denied`.
 */

const CONSENT_PATH = '/oauth/consent';
const MODES = [
  { value: 'read_only', label: 'Read-only: search and read Memories, Subjects, Facts and Templates' },
  { value: 'read_write', label: 'Read-write: also create, change and delete them' },
];

/** Where the browser will be sent back to, as a person reads it. */
function destination(uri: string): string {
  const url = new URL(uri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : `${url.protocol}//`;
}

function ConsentForm(props: {
  readonly sealed: string;
  readonly client: RegisteredClient;
  readonly request: ConsentRequest;
  readonly csrfToken: string;
  readonly mode: string;
  readonly problems: FormProblems;
}) {
  const { client, request } = props;
  return (
    <>
      <h1>Connect “{client.name}” to your memory?</h1>
      <p>
        An MCP client that calls itself <strong>“{client.name}”</strong> asks to use this account through <code>{request.resource}</code>. The name is
        the one the client gave itself: allow it only if you have just started connecting it.
      </p>
      <p>
        It will be able to act as a key of the mode you choose; it never sees secret Memories, and it cannot use Settings. You can disconnect it at
        any time in Settings → Developers &amp; API.
      </p>
      <form method="post" action={CONSENT_PATH}>
        <FormError problems={props.problems} />
        <Csrf token={props.csrfToken} />
        <input type="hidden" name="request" value={props.sealed} />
        <Radios name="mode" legend="What it may do" options={MODES} value={props.mode} problems={props.problems} />
        <p>
          Either way, your browser then returns to <code>{destination(request.redirectUri)}</code>.
        </p>
        <div class="actions">
          <button type="submit" name="decision" value="allow">
            Allow
          </button>
          <button type="submit" name="decision" value="deny" class="secondary">
            Deny
          </button>
        </div>
      </form>
    </>
  );
}

export function consentPages(router: Router, context: WebContext): void {
  const { oauth } = context;
  const issuer = (req: Request) => `${publicOrigin(req, context.publicUrl)}/`;

  const expired = (req: Request, res: Response) =>
    sendPage(
      res,
      400,
      <ErrorView
        frame={frame(req, res, 'Connection request expired')}
        status={400}
        code="invalid_request"
        message="This connection request is not valid or has expired (they last ten minutes). Start connecting again from your MCP client."
      />,
    );

  const consentPage = (req: Request, res: Response, status: number, sealed: string, opened: { request: ConsentRequest; client: RegisteredClient }, mode: string, problems: FormProblems) => {
    // The form's answer is a redirect to the client: the page's policy must let the form go there.
    res.setHeader('Content-Security-Policy', policyAllowingFormsTo(redirectSource(opened.request.redirectUri)));
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, `Connect ${opened.client.name}`)}>
        <ConsentForm sealed={sealed} client={opened.client} request={opened.request} csrfToken={webLocals(res).csrfToken} mode={mode} problems={problems} />
      </Layout>,
    );
  };

  router.get(
    CONSENT_PATH,
    page(async (req, res) => {
      const sealed = typeof req.query.request === 'string' ? req.query.request : '';
      const opened = await oauth.openConsent(sealed);
      if (!opened) return expired(req, res);
      consentPage(req, res, 200, sealed, opened, 'read_only', NO_PROBLEMS);
    }),
  );

  router.post(
    CONSENT_PATH,
    page(async (req, res) => {
      const sealed = textField(req.body, 'request') ?? '';
      const opened = await oauth.openConsent(sealed);
      if (!opened) return expired(req, res);
      if (textField(req.body, 'decision') !== 'allow') {
        res.redirect(303, oauth.deny(opened.request, issuer(req)));
        return;
      }
      const mode = textField(req.body, 'mode');
      if (mode !== 'read_only' && mode !== 'read_write') {
        const problems = { message: 'Choose what the client may do.', fields: { mode: 'Choose read-only or read-write.' } };
        return consentPage(req, res, 400, sealed, opened, 'read_only', problems);
      }
      try {
        res.redirect(303, await oauth.approve(webLocals(res).principal!.accountId, opened.request, mode, issuer(req)));
      } catch (err) {
        if (!(err instanceof OAuthRefusal)) throw err;
        consentPage(req, res, 409, sealed, opened, mode, { message: err.message, fields: {} });
      }
    }),
  );
}
