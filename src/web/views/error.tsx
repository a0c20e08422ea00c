import { Layout, type PageFrame } from './layout';

export function ErrorView(props: { frame: PageFrame; status: number; code: string; message: string }) {
  const title = props.status === 404 ? 'Not found' : props.status === 403 ? 'Not allowed' : props.status === 429 ? 'Too many requests' : 'Something went wrong';
  return (
    <Layout {...props.frame} title={title}>
      <h1>{title}</h1>
      <div class="error" role="alert">
        <p>{props.message}</p>
        <p class="code">
          Error code: <code>{props.code}</code>
        </p>
      </div>
      <p>
        <a href="/">Back to the start</a>
      </p>
    </Layout>
  );
}
