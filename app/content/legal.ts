import { REGULATORY_TOKENS } from "~/utils/regulatory-facts";
import { company } from "./company";
import type { LegalDocument } from "./types";

import { LEGAL_LAST_UPDATED, LEGAL_LAST_UPDATED_LABEL, MINIMUM_AGE } from "./policy-facts";

export { LEGAL_LAST_UPDATED, LEGAL_LAST_UPDATED_LABEL, legalLinks, MINIMUM_AGE } from "./policy-facts";

const flagship = company.flagship.name;
const legalName = REGULATORY_TOKENS.legalName;

export { INVESTMENT_DISCLAIMER } from "./disclaimer";


// The company's name, number, office and status are the regulatory status record's, written in where the
// document shows (issue 37): no document types them by hand.
const controllerLine = `${legalName}, a ${company.companyType.toLowerCase()} registered in ${REGULATORY_TOKENS.registeredIn} with company number ${REGULATORY_TOKENS.companyNumber}, whose registered office is at ${REGULATORY_TOKENS.registeredOffice}`;

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      paragraphs: [
        `This policy explains how ${controllerLine} ("we", "us"), handles personal data when you visit this website or contact us. We are the controller of that personal data for the purposes of the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
        `If you have a question about this policy or about your personal data, please use the contact form on this website or write to us at ${company.contactEmail}.`,
      ],
    },
    {
      id: "scope",
      heading: "What this policy covers",
      paragraphs: [
        `This policy covers this marketing website, the contact form and the sign-in-only area used by our own site operators. ${flagship} is operated from its own address and gives you additional privacy information when you create an account there, covering account, subscription, portfolio and broker-connection data. The two notices should be read together.`,
        `Our website and services are intended for adults. You must be ${MINIMUM_AGE} or over to use our platforms, and we do not knowingly collect personal data from anyone under ${MINIMUM_AGE}.`,
      ],
    },
    {
      id: "what-we-collect",
      heading: "What we collect",
      paragraphs: ["We keep the personal data we collect to the minimum needed for each purpose:"],
      bullets: [
        "Contact form messages: your name, email address, the subject you choose and the message you write. If you tell us about a job application, a press request or an investment enquiry, that information forms part of your message.",
        "Operator sign-in data: for the small number of authorised people who manage this website's content, the name, email address and account identifier supplied by our sign-in provider, together with a session cookie that keeps them signed in.",
        "Analytics data, only with your consent: pages viewed, buttons and links used, referring page, approximate location derived from a shortened IP address, and device and browser type. We do not load analytics unless you accept analytics cookies.",
        "Technical and security logs: IP address, time of request, requested address and browser information, kept briefly so that we can operate the website and detect abuse.",
        `Writer Program data: if you apply to become a Writer in ${flagship}, your public profile, published content, payout details and the records we need to calculate your ad-revenue share. This is processed under the platform's privacy information.`,
      ],
    },
    {
      id: "lawful-bases",
      heading: "How we use your data and our lawful bases",
      paragraphs: ["We rely on the following lawful bases under Article 6 of the UK GDPR:"],
      bullets: [
        "Legitimate interests: to read and answer contact form messages, to deal with press, partnership and investment enquiries, to keep the operator area secure and to protect the website against misuse. We have balanced these interests against your rights and consider the processing expected and proportionate.",
        "Steps before entering into a contract: where you contact us about a role, a partnership or a subscription and ask us to take steps before we agree terms.",
        "Consent: for analytics cookies and similar technologies. You can withdraw consent at any time through the Cookie settings link, without affecting processing that took place before you withdrew it.",
        "Legal obligation: where we must keep or disclose information to comply with the law, for example tax records or a request from a regulator or court.",
      ],
    },
    {
      id: "sharing",
      heading: "Who we share data with",
      paragraphs: [
        "We do not sell personal data. We share it only with service providers who process it on our instructions under written contracts: website hosting and database providers, our email provider, our sign-in provider and, if you have consented, our web analytics provider. We may also share data with professional advisers such as lawyers and accountants, and with courts, regulators or law enforcement where the law requires it.",
        "Some providers may process data outside the United Kingdom. Where they do, we rely on UK adequacy regulations or on appropriate safeguards such as the International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep it",
      paragraphs: [
        "We keep personal data only for as long as we need it for the purpose it was collected for:",
      ],
      bullets: [
        "Contact form messages: deleted automatically {{message-retention}} after they reach us, unless the conversation leads to a contract, in which case we keep what the contract requires. You can ask us to delete them sooner.",
        "Career enquiries: up to 12 months after the role is filled, unless you ask us to delete them sooner.",
        "Operator sign-in data: for as long as the operator has access, and security logs of sign-in activity for 12 months after that.",
        "Records of your cookie choices (a random consent id, your choice, its date and the version of our cookie list): deleted automatically {{consent-retention}} after each choice, so that meanwhile we can show what you agreed to.",
        "Analytics data: up to 14 months, after which it is deleted or aggregated so that it no longer identifies a device.",
        "Technical and security logs: up to 90 days, or longer where needed to investigate a specific incident.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      paragraphs: ["Under the UK GDPR you have the right to:"],
      bullets: [
        "Access: ask for a copy of the personal data we hold about you.",
        "Rectification: ask us to correct data that is inaccurate or incomplete.",
        "Erasure: ask us to delete your data where there is no good reason for us to keep it.",
        "Restriction: ask us to pause the use of your data, for example while a correction is checked.",
        "Portability: receive data you gave us in a structured, machine-readable format, or ask us to send it to another organisation, where processing is based on consent or contract.",
        "Objection: object to processing based on our legitimate interests; we will stop unless we have compelling grounds to continue.",
        "Complaint: complain to the Information Commissioner's Office (ICO), the UK supervisory authority, at ico.org.uk or on 0303 123 1113. We would welcome the chance to resolve your concern first.",
      ],
    },
    {
      id: "exercising-rights",
      heading: "How to exercise your rights",
      paragraphs: [
        'To make a request, use the contact form on this website and choose the subject "Privacy Rights". Tell us which right you wish to exercise and give enough detail for us to find the relevant information. We may ask you to confirm your identity before acting on the request.',
        "We will respond within one month of receiving your request. If a request is complex or you make several, we may extend this by up to two further months and will tell you why. Requests are normally free of charge.",
      ],
    },
    {
      id: "security",
      heading: "Security",
      paragraphs: [
        "We use encryption in transit, access controls based on least privilege, signed-in access for site operators only and regular review of the providers we rely on. No system is completely secure, so we also plan for incidents and will notify the ICO and affected individuals where the law requires it.",
        'If you believe you have found a security vulnerability in this website or in one of our platforms, please report it through the contact form with the subject "Security Issue". Please give us reasonable time to investigate and fix the issue before disclosing it publicly, and do not access or change data that does not belong to you.',
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: [
        `This policy was last updated on ${LEGAL_LAST_UPDATED_LABEL}. If we make material changes we will update this page and, where appropriate, tell you directly. Our Terms of Service and Cookie Policy explain how the website and our platforms may be used and how cookies are managed.`,
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "about-these-terms",
      heading: "About these terms",
      paragraphs: [
        `These terms apply to your use of this website and of ${flagship} and our other platforms (together, the "services"). The services are provided by ${controllerLine}.`,
        "By using the services you agree to these terms. If you do not agree, please do not use them. Our Privacy Policy and Cookie Policy explain how we handle personal data and cookies.",
      ],
    },
    {
      id: "eligibility",
      heading: "Who can use the services",
      paragraphs: [
        `You must be ${MINIMUM_AGE} or over, and able to enter into a binding contract, to create an account or subscribe. By creating an account you confirm that you meet these requirements. We may ask for reasonable evidence of eligibility and may close accounts that do not meet them.`,
        "You are responsible for keeping your sign-in details secure and for activity on your account. Tell us promptly through the contact form if you think your account has been used without your permission.",
      ],
    },
    {
      id: "no-advice",
      heading: "Information only: no personalised investment advice",
      paragraphs: [
        "The services provide market data, analytics, model forecasts, risk explanations, educational material and community content for information only. We do not give personalised investment advice, we do not recommend that any particular person buy, sell or hold any investment, and nothing in the services takes account of your individual objectives, financial situation or needs.",
        "Investing involves risk. The value of investments and any income from them can fall as well as rise, and you may get back less than you invest: your capital is at risk. Forecasts, signals, back-tests and past performance, including positions on the Leaderboard, are not reliable indicators of future results. You are responsible for your own investment decisions and should consider speaking to a regulated financial adviser.",
        `${REGULATORY_TOKENS.status} We do not hold client money or assets, and we do not execute trades. Where you connect a broker or exchange account, any order is placed with and carried out by that firm under its own terms; we use the connection to import your activity into your trading journal and portfolio views.`,
        "Tax information, including help with UK capital gains, is provided to help you organise your records. It is general in nature, is not tax advice and does not replace the guidance of HM Revenue & Customs or a qualified tax adviser.",
      ],
    },
    {
      id: "subscriptions",
      heading: "Subscriptions, billing and cancellation",
      paragraphs: [
        "Paid plans are billed in advance for each subscription period, monthly or annually as shown when you subscribe. Subscriptions renew automatically at the end of each period, and we will charge your chosen payment method for the next period, until you cancel.",
        "You can cancel at any time from the billing section of your account settings, or by using the contact form. Cancellation stops the next renewal; you keep access until the end of the period you have already paid for. Except where the law requires otherwise, we do not refund partial periods.",
        "If you are a consumer, you may cancel within 14 days of first subscribing. If you ask us to start the service during that period, we may deduct an amount proportionate to the service provided before you cancelled.",
        "We will give you at least 30 days' notice of any price change, which will apply from your next renewal. If you do not agree with the change you can cancel before it takes effect.",
      ],
    },
    {
      id: "writer-program",
      heading: "The Writer Program and the Writer role",
      paragraphs: [
        `The Writer Program lets vetted community members publish analysis and commentary in ${flagship}. A user becomes a Writer only after we have reviewed their application and approved them. We may withdraw the Writer role at any time if these terms are not met.`,
        "As a Writer you must:",
      ],
      bullets: [
        "publish only your own work, or work you have the right to publish, and cite your sources;",
        "keep content factual, fair and clearly labelled as opinion where it is opinion;",
        "disclose any holding, position, payment or other interest relevant to what you write about;",
        "not give personalised investment advice, promise returns or encourage readers to act on a specific trade;",
        "not publish inside information, false or misleading statements, or anything that could amount to market manipulation;",
        "follow our editorial guidelines and respond to reasonable requests to correct or remove content.",
      ],
    },
    {
      id: "writer-revenue-share",
      heading: "Writer ad-revenue share",
      paragraphs: [
        "Approved Writers receive a share of the net advertising revenue attributable to their published content, at the rate and under the payment terms shown in the Writer dashboard when they join. Shares are calculated monthly and paid once the balance reaches the stated payment threshold. Revenue from content removed for breach of these terms is not payable.",
        "Writers are independent members of the community. They are not our employees, agents or representatives, and their views are their own. We review Writers before approval and moderate published content, but we do not verify every statement a Writer makes.",
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use and community content",
      paragraphs: [
        "You must not misuse the services. In particular you must not break the law, infringe anyone's rights, upload malicious code, try to gain unauthorised access, scrape or resell our data without permission, harass other users through messaging, or use the services to promote schemes designed to move prices.",
        "You keep ownership of content you post, such as journal notes, portfolio descriptions, messages and Writer articles. You give us a non-exclusive, worldwide, royalty-free licence to host, display and distribute that content for the purpose of operating the services. We may remove content or suspend accounts that breach these terms.",
      ],
    },
    {
      id: "our-content",
      heading: "Our content and third-party data",
      paragraphs: [
        "The services, including software, models, text and design, belong to us or our licensors. You may use them for your own personal, non-commercial purposes while these terms apply.",
        "Market data, broker connections and other features rely on third parties. Data may be delayed, interrupted or occasionally inaccurate, and we are not responsible for third-party services we do not control. We work to keep the services available but do not guarantee that they will be uninterrupted or error-free, and we may change or withdraw features.",
      ],
    },
    {
      id: "liability",
      heading: "Our liability to you",
      paragraphs: [
        "Nothing in these terms limits or excludes our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or excluded by law. Nothing affects your statutory rights as a consumer.",
        "We are not responsible for investment decisions you make or for losses arising from movements in the value of investments, for loss that was not reasonably foreseeable, or for business losses if you use the services for business purposes.",
        "Subject to the paragraphs above, our total liability to you arising out of or in connection with the services is limited to the greater of £100 or the amounts you paid us in the 12 months before the event giving rise to the claim.",
      ],
    },
    {
      id: "termination",
      heading: "Suspension and closing your account",
      paragraphs: [
        "You can stop using the services and close your account at any time. We may suspend or close an account if these terms are seriously or repeatedly broken, if we must do so by law, or if continued access would put other users or the services at risk. Where reasonable we will explain why and give you the chance to respond.",
      ],
    },
    {
      id: "governing-law",
      heading: "Governing law and changes",
      paragraphs: [
        "These terms are governed by English law. The courts of England and Wales have jurisdiction over any dispute, except that if you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.",
        `These terms were last updated on ${LEGAL_LAST_UPDATED_LABEL}. We may update them to reflect changes in the services or the law; if a change materially affects you, we will give you reasonable notice before it applies. Questions about these terms can be sent through the contact form.`,
      ],
    },
  ],
};

export const cookiePolicy: LegalDocument = {
  title: "Cookie Policy",
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "what-cookies-are",
      heading: "What cookies are",
      paragraphs: [
        "Cookies are small text files that a website places on your device when you visit it. Similar technologies, such as local storage in your browser, work in much the same way. They let a website remember information between pages and visits, for example that you are signed in or which choice you made about analytics.",
        `This policy explains how ${legalName} uses cookies and similar technologies on this website, in line with the Privacy and Electronic Communications Regulations and the UK GDPR.`,
      ],
    },
    {
      id: "types-we-use",
      heading: "Strictly necessary and analytics cookies",
      paragraphs: [
        "We use two categories only. Strictly necessary cookies and storage make the website work: they remember your cookie choice, keep site operators signed in to the content area and help protect the website from misuse. They do not track you across other websites, and the law does not require consent for them.",
        "Analytics cookies help us understand how visitors use the website, such as which pages are read and which links are followed, so that we can improve it. They are set only if you accept them. We do not use advertising cookies on this website.",
        "The table on this page lists each cookie and storage item we use, with its purpose and how long it lasts.",
      ],
    },
    {
      id: "how-consent-works",
      heading: "How consent works",
      paragraphs: [
        "When you first visit, a banner asks whether you accept analytics cookies. Choosing Accept allows analytics; choosing Decline means only strictly necessary cookies are used. Your choice is saved in your browser so that we do not ask on every page.",
        "If you close the banner without choosing, nothing is saved and no analytics cookies are set; the banner will appear again on your next visit. Until you accept, analytics is not loaded at all.",
      ],
    },
    {
      id: "changing-your-choice",
      heading: "Changing your choice",
      paragraphs: [
        'You can change your mind at any time by selecting the "Cookie settings" link at the bottom of any page and making a new choice. Withdrawing consent stops analytics from that point; it does not affect data collected while consent was in place.',
        "You can also block or delete cookies in your browser settings. If you block strictly necessary cookies, parts of the website may not work as expected.",
      ],
    },
    {
      id: "other-sites",
      heading: "Our platforms and other websites",
      paragraphs: [
        `${flagship} and other websites we link to run on their own addresses and manage their own cookies, which are explained when you visit them. This policy covers this website only.`,
      ],
    },
    {
      id: "updates",
      heading: "Updates and contact",
      paragraphs: [
        `This policy was last updated on ${LEGAL_LAST_UPDATED_LABEL}. If you have a question about cookies, please use the contact form with the subject "Privacy Rights". Our Privacy Policy explains your wider data protection rights.`,
      ],
    },
  ],
};
