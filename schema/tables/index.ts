export * from './tenants';
export * from './accounts';
export * from './profile';
export * from './access';
export * from './mail';
export * from './site';
export * from './learning';
export * from './courses';
