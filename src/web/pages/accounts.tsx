import type { Request, Response, Router } from 'express';
import { AppError } from '../../domain/shared/errors';
import { asAppError } from '../../pipeline/envelope';
import { frame, localPath, page, textField, type WebContext } from '../context';
import type { Answer } from '../operations';
import { redirectTo, sendPage } from '../render';
import { Csrf, Field, FormError, NO_PROBLEMS, type FormProblems } from '../views/forms';
import { Layout } from '../views/layout';
import { OIDC_CALLBACK_PATH } from '../oidc';
import { clearSessionCookie, signIn, webLocals } from '../web-session';

/**
 * Setting up the instance, signing in and out, signing up by invitation. These forms have no
 * operation of the API behind them: they call the accounts' domain directly, and a refusal is
 * the same error (code and message) an API would give.
 */

/** A refusal as its form shows it: field errors beside their fields, anything else above the form. */
function problemsOfError(err: AppError): FormProblems {
  const fields: Record<string, string> = {};
  const errors = (err.details?.errors ?? []) as Array<{ path?: string; message: string }>;
  for (const error of errors) {
    const name = error.path?.split('/').pop();
    if (name) fields[name] = `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`;
  }
  return { message: Object.keys(fields).length > 0 && err.code === 'invalid_request' ? 'Check the fields marked below.' : err.message, fields, code: err.code };
}

function CredentialsForm(props: {
  action: string;
  csrfToken: string;
  email: string;
  problems: FormProblems;
  button: string;
  newPassword: boolean;
  hidden?: Record<string, string>;
}) {
  return (
    <form method="post" action={props.action} novalidate>
      <FormError problems={props.problems} />
      <Csrf token={props.csrfToken} />
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <Field name="email" label="Email" type="email" value={props.email} required autocomplete="email" problems={props.problems} />
      <Field
        name="password"
        label="Password"
        type="password"
        required
        autocomplete={props.newPassword ? 'new-password' : 'current-password'}
        hint={props.newPassword ? 'At least 12 characters.' : undefined}
        problems={props.problems}
      />
      <button type="submit">{props.button}</button>
    </form>
  );
}

export function accountPages(router: Router, context: WebContext): void {
  const { accounts, sessions, throttle } = context;

  /** `/`: the console when signed in; otherwise set-up on a new instance, or sign-in. */
  router.get(
    '/',
    page(async (req, res) => {
      const { principal } = webLocals(res);
      if (principal) {
        res.locals.accountLabel = await accounts.labelOf(principal.accountId);
        await consolePage(req, res, context);
        return;
      }
      redirectTo(res, (await accounts.needsSetup()) ? '/setup' : '/sign-in');
    }),
  );

  const setupPage = (req: Request, res: Response, status: number, email: string, problems: FormProblems) =>
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, 'Set up MTL')}>
        <h1>Set up MTL</h1>
        <p>This instance has no owner yet. Create the owner's account: you can invite others once you are signed in.</p>
        <CredentialsForm action="/setup" csrfToken={webLocals(res).csrfToken} email={email} problems={problems} button="Create account" newPassword />
      </Layout>,
    );

  router.get(
    '/setup',
    page(async (req, res) => {
      if (!(await accounts.needsSetup())) return redirectTo(res, '/sign-in');
      setupPage(req, res, 200, '', NO_PROBLEMS);
    }),
  );
  router.post(
    '/setup',
    page(async (req, res) => {
      const email = textField(req.body, 'email') ?? '';
      try {
        const accountId = await accounts.createOwner({ email, password: textField(req.body, 'password') ?? '' });
        await signIn(req, res, sessions, accountId, 'password');
        redirectTo(res, '/');
      } catch (err) {
        const error = asAppError(err);
        if (error.status >= 500) throw err;
        setupPage(req, res, error.status, email, problemsOfError(error));
      }
    }),
  );

  const signInPage = (req: Request, res: Response, status: number, email: string, problems: FormProblems) => {
    const returnTo = localPath(req.query.return_to ?? textField(req.body, 'return_to'));
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, 'Sign in')}>
        <h1>Sign in</h1>
        <CredentialsForm
          action="/sign-in"
          csrfToken={webLocals(res).csrfToken}
          email={email}
          problems={problems}
          button="Sign in"
          newPassword={false}
          hidden={returnTo === '/' ? {} : { return_to: returnTo }}
        />
        {context.oidc ? (
          <p class="alternative">
            <a class="button-link" href={`/sign-in/oidc?return_to=${encodeURIComponent(returnTo)}`}>
              Sign in with {context.oidc.providerName}
            </a>
          </p>
        ) : null}
        {accounts.policy === 'open' ? (
          <p>
            No account yet? <a href="/sign-up">Create one</a>.
          </p>
        ) : null}
      </Layout>,
    );
  };

  router.get(
    '/sign-in',
    page(async (req, res) => {
      if (webLocals(res).principal) return redirectTo(res, localPath(req.query.return_to));
      if (await accounts.needsSetup()) return redirectTo(res, '/setup');
      signInPage(req, res, 200, '', NO_PROBLEMS);
    }),
  );
  router.post(
    '/sign-in',
    page(async (req, res) => {
      const email = textField(req.body, 'email') ?? '';
      try {
        await throttle.attempt(req, email);
        const accountId = await accounts.verify({ email, password: textField(req.body, 'password') ?? '' });
        await throttle.succeeded(email);
        await signIn(req, res, sessions, accountId, 'password');
        redirectTo(res, localPath(textField(req.body, 'return_to')));
      } catch (err) {
        const error = asAppError(err);
        if (error.status >= 500) throw err;
        for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
        signInPage(req, res, error.status, email, { message: error.message, fields: {}, code: error.code });
      }
    }),
  );

  const { oidc } = context;
  if (oidc) {
    router.get(
      '/sign-in/oidc',
      page(async (req, res) => {
        // Each start stores a state for 10 minutes: they are counted with the address's sign-in attempts.
        await throttle.start(req);
        redirectTo(res, (await oidc.begin(req, localPath(req.query.return_to))).href);
      }),
    );
    router.get(
      OIDC_CALLBACK_PATH,
      page(async (req, res) => {
        try {
          const { accountId, returnTo } = await oidc.complete(req);
          await signIn(req, res, sessions, accountId, 'oidc');
          redirectTo(res, localPath(returnTo));
        } catch (err) {
          const error = asAppError(err);
          if (error.status >= 500) throw err;
          signInPage(req, res, error.status, '', { message: error.message, fields: {}, code: error.code });
        }
      }),
    );
  }

  const signUpPage = (req: Request, res: Response, status: number, email: string, problems: FormProblems, invitation: string | null) =>
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, 'Create an account')}>
        <h1>Create an account</h1>
        {accounts.policy !== 'open' && invitation === null ? (
          <p class="error" role="alert">
            Sign-up on this instance is by invitation: ask its owner for a link.
          </p>
        ) : (
          <CredentialsForm
            action="/sign-up"
            csrfToken={webLocals(res).csrfToken}
            email={email}
            problems={problems}
            button="Create account"
            newPassword
            hidden={invitation ? { invitation } : {}}
          />
        )}
      </Layout>,
    );

  router.get(
    '/sign-up',
    page(async (req, res) => {
      if (await accounts.needsSetup()) return redirectTo(res, '/setup');
      const invitation = typeof req.query.invitation === 'string' ? req.query.invitation : null;
      if (invitation !== null && !(await accounts.invitationUsable(invitation))) {
        const error = new AppError('invitation_invalid', 'This invitation link is not valid: it was used, or it expired.');
        return signUpPage(req, res, error.status, '', { message: error.message, fields: {}, code: error.code }, null);
      }
      signUpPage(req, res, accounts.policy !== 'open' && invitation === null ? 403 : 200, '', NO_PROBLEMS, invitation);
    }),
  );
  router.post(
    '/sign-up',
    page(async (req, res) => {
      const email = textField(req.body, 'email') ?? '';
      const invitation = textField(req.body, 'invitation') ?? null;
      try {
        const accountId = await accounts.signUp({ email, password: textField(req.body, 'password') ?? '' }, invitation);
        await signIn(req, res, sessions, accountId, 'password');
        redirectTo(res, '/');
      } catch (err) {
        const error = asAppError(err);
        if (error.status >= 500) throw err;
        signUpPage(req, res, error.status, email, problemsOfError(error), invitation);
      }
    }),
  );

  router.post(
    '/sign-out',
    page(async (req, res) => {
      const { session } = webLocals(res);
      if (session) await sessions.end(session.accountId, session.id);
      clearSessionCookie(req, res);
      redirectTo(res, '/sign-in?notice=signed-out');
    }),
  );
}

/** The signed-in console: what waits for review, the latest Memories, and where to go next. */
async function consolePage(req: Request, res: Response, context: WebContext): Promise<void> {
  const { operations } = context;
  const [suggestions, insights, memories] = await Promise.all([
    operations.call<unknown[]>(res, 'list_account_fact_suggestions', { status: 'pending', limit: 100 }),
    operations.call<unknown[]>(res, 'list_account_memory_insights', { limit: 100 }),
    operations.call<Array<{ id: string; text: string }>>(res, 'list_memories', { limit: 5 }),
  ]);
  const count = (list: Answer<unknown[]>) => (list.ok ? `${list.data.length}${list.nextCursor ? '+' : ''}` : '?');
  sendPage(
    res,
    200,
    <Layout {...frame(req, res, 'Console')}>
      <h1>Console</h1>
      <section aria-labelledby="review">
        <h2 id="review">To review</h2>
        <p>
          <a href="/inbox">
            {count(suggestions)} pending Fact suggestions and {count(insights)} insights
          </a>
        </p>
      </section>
      <section aria-labelledby="latest">
        <h2 id="latest">Latest Memories</h2>
        {memories.ok && memories.data.length > 0 ? (
          <ul class="cards">
            {memories.data.map((memory) => (
              <li>
                <a href={`/memories/${memory.id}`}>{memory.text.slice(0, 140)}</a>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            No Memories yet. <a href="/memories/new">New memory</a>
          </p>
        )}
      </section>
      <section aria-labelledby="connect">
        <h2 id="connect">Connect an agent</h2>
        <p>
          Create an API key under <a href="/settings/api-keys">API keys</a>, then call the REST API (reference at <a href="/docs">/docs</a>) or
          connect an MCP client to <code>/mcp</code> with the key as a bearer token.
        </p>
      </section>
    </Layout>,
  );
}
