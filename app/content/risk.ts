/**
 * The prescribed risk warnings (COBS 4.12A, PS22/10) and the risk summaries of high-risk products
 * (issue 37). The warnings are seeded into the risk warnings record exactly as the rules give them; a
 * product's own summary, when an operator writes one, replaces its class's summary here.
 */

export const RISK_WARNING_LINK_TEXT = "Take 2 mins to learn more";

export const defaultRiskWarnings = {
  rmmi: "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong. Take 2 mins to learn more.",
  cryptoasset:
    "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong. Take 2 mins to learn more.",
} as const;

/** Each summary is Markdown-free plain paragraphs: a heading line starts with "## ". */
export const defaultRiskSummaries = {
  rmmi: [
    "Estimated reading time: 2 minutes.",
    "Because of the potential for losses, the Financial Conduct Authority considers this investment to be high risk.",
    "## What are the key risks?",
    "You could lose all the money you invest. If the borrowers, property or businesses behind the investment do not pay back what they owe or lose value, you could lose some or all of your money.",
    "You are unlikely to be protected if something goes wrong. The Financial Services Compensation Scheme (FSCS) protects against the failure of authorised firms, but it does not cover poor investment performance. The Financial Ombudsman Service will not be able to consider complaints about the risk involved.",
    "You may not be able to sell your investment when you want to. Loans and shares in property can be hard to sell early, and a secondary market may not exist or may not find a buyer.",
    "Don't put all your eggs in one basket. Putting all your money into a single type of investment is risky. A good rule of thumb is not to invest more than 10% of your money in high-risk investments.",
    "## If you are interested in learning more",
    "The Financial Conduct Authority's website has more about high-risk investments and how to protect your money. If you are unsure whether an investment is right for you, speak to a regulated financial adviser.",
  ],
  cryptoasset: [
    "Estimated reading time: 2 minutes.",
    "Because of the potential for losses, the Financial Conduct Authority considers this investment to be high risk.",
    "## What are the key risks?",
    "You could lose all the money you invest. The value of a cryptoasset can fall sharply, and a stable currency can lose its link to the pound if its reserves or the firm behind it fail.",
    "You should not expect to be protected if something goes wrong. The Financial Services Compensation Scheme (FSCS) does not protect this type of investment, and the Financial Ombudsman Service is unlikely to be able to help.",
    "You may not be able to sell your investment when you want to. There is no guarantee that you can convert it back to pounds when you want to, and markets can stop trading or be disrupted.",
    "Cryptoasset investments can be complex, and they can be targeted by scams and cyber-attacks.",
    "Don't put all your eggs in one basket. A good rule of thumb is not to invest more than 10% of your money in high-risk investments.",
    "## If you are interested in learning more",
    "The Financial Conduct Authority's website has more about cryptoassets and how to protect your money. If you are unsure whether an investment is right for you, speak to a regulated financial adviser.",
  ],
} as const;
