export { WorkQueue, type WorkQueueOptions } from './workqueue.ts';
export { ExponentialRateLimiter, type RateLimiterOptions } from './rate-limiter.ts';
