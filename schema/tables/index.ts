export * from './tenants';
export * from './accounts';
export * from './site';
export * from './learning';
