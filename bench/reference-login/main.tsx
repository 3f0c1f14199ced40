// The smallest sensible login page on the console's stack (React 19 + antd 6, built by the same
// Vite): the yardstick the first-load benchmark compares the console's login page with.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Form, Input } from 'antd';

function LoginPage() {
  return (
    <Form layout="vertical" style={{ maxWidth: 360, margin: '96px auto' }}>
      <Form.Item label="Account" name="account" rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true }]}>
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit" block>
        Sign in
      </Button>
    </Form>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LoginPage />
  </StrictMode>,
);
